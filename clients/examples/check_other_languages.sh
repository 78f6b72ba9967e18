#!/usr/bin/env bash
# Checks that the public API generates cleanly for other languages with the
# names its file options give (every file of proto/carcassonne/v1/, one
# package; referee.proto holds the service): protoc's own generators for
# Java, C#, PHP, Ruby, Objective-C and Python must succeed without a warning,
# and each must put the code of each file where its options say. (Go:
# Debian's protoc-gen-go, through buf.gen.yaml; ctest's buf_generate checks
# it, scripts/check-generated-clients.sh.)
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "${out}"' EXIT

languages=(java csharp php ruby objc python)
args=()
for language in "${languages[@]}"; do
  mkdir -p "${out}/${language}"
  args+=("--${language}_out=${out}/${language}")
done
api_files=()
for file in "${repo_root}"/proto/carcassonne/v1/*.proto; do
  api_files+=("carcassonne/v1/$(basename "${file}")")
done
protoc -I"${repo_root}/proto" "${args[@]}" "${api_files[@]}" 2>"${out}/protoc.err"
if [[ -s "${out}/protoc.err" ]]; then
  echo "check_other_languages: protoc warned:" >&2
  cat "${out}/protoc.err" >&2
  exit 1
fi

failed=0
expect_file() {  # language, path under its output, why
  if [[ -f "${out}/$1/$2" ]]; then
    echo "ok   $1: $2 ($3)"
  else
    echo "FAIL $1: no $2 ($3); it wrote: $(cd "${out}/$1" && find . -type f | head -n 5 | tr '\n' ' ')" >&2
    failed=1
  fi
}
expect_text() {  # language, path under its output, fixed text, why
  if grep -qF -- "$3" "${out}/$1/$2" 2>/dev/null; then
    echo "ok   $1: $2 has '$3' ($4)"
  else
    echo "FAIL $1: $2 lacks '$3' ($4)" >&2
    failed=1
  fi
}

# Each file of the API, where its options put it.
for file in "${api_files[@]}"; do
  base="$(basename "${file}" .proto)"        # game_state
  camel="$(sed -E 's/(^|_)([a-z])/\U\2/g' <<<"${base}")"  # GameState
  outer="$(sed -nE 's/^option java_outer_classname = "([A-Za-z]+)";$/\1/p' \
    "${repo_root}/proto/${file}")"
  if [[ -z "${outer}" ]]; then
    echo "FAIL ${file}: no java_outer_classname option" >&2
    failed=1
  else
    expect_file java "com/carcassonne/v1/${outer}.java" "java_outer_classname of ${file}"
  fi
  expect_text csharp "${camel}.cs" "namespace Carcassonne.V1 {" "csharp_namespace of ${file}"
  expect_text ruby "carcassonne/v1/${base}_pb.rb" "module Carcassonne" "ruby_package of ${file}"
  expect_text ruby "carcassonne/v1/${base}_pb.rb" "  module V1" "ruby_package of ${file}"
  expect_file objc "carcassonne/v1/${camel}.pbobjc.h" "${file}"
  expect_file python "carcassonne/v1/${base}_pb2.py" "the package's path"
done
# A message of game_state.proto, where java_multiple_files, php_namespace and
# objc_class_prefix put it.
expect_file java com/carcassonne/v1/GameState.java "java_package, java_multiple_files"
expect_file php Carcassonne/V1/GameState.php "php_namespace"
expect_text php Carcassonne/V1/GameState.php "namespace Carcassonne\\V1;" "php_namespace"
expect_text objc carcassonne/v1/GameState.pbobjc.h "@interface CXXGameState" "objc_class_prefix"
exit "${failed}"
