#!/usr/bin/env bash
# Checks that the public API generates cleanly for other languages with the
# names its file options give (proto/carcassonne/v1/referee.proto): protoc's
# own generators for Java, C#, PHP, Ruby, Objective-C and Python must succeed
# without a warning, and each must put the code where its option says. (Go:
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
protoc -I"${repo_root}/proto" "${args[@]}" carcassonne/v1/referee.proto carcassonne/v1/render.proto \
  2>"${out}/protoc.err"
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

expect_file java com/carcassonne/v1/GameState.java "java_package, java_multiple_files"
expect_file java com/carcassonne/v1/RefereeProto.java "java_outer_classname"
expect_file java com/carcassonne/v1/RenderProto.java "java_outer_classname of render.proto"
expect_text csharp Referee.cs "namespace Carcassonne.V1 {" "csharp_namespace"
expect_file php Carcassonne/V1/GameState.php "php_namespace"
expect_text php Carcassonne/V1/GameState.php "namespace Carcassonne\\V1;" "php_namespace"
expect_text ruby carcassonne/v1/referee_pb.rb "module Carcassonne" "ruby_package Carcassonne::V1"
expect_text ruby carcassonne/v1/referee_pb.rb "  module V1" "ruby_package Carcassonne::V1"
expect_text objc carcassonne/v1/Referee.pbobjc.h "@interface CXXGameState" "objc_class_prefix"
expect_file python carcassonne/v1/referee_pb2.py "the package's path"
expect_file python carcassonne/v1/render_pb2.py "the package's path"
exit "${failed}"
