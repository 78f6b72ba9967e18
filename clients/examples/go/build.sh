#!/usr/bin/env bash
# Builds the Go example (play_game.go) into OUT_DIR/play_game, offline, with
# Debian's Go toolchain and libraries (golang-go, golang-google-grpc-dev,
# golang-google-genproto-dev, golang-google-protobuf-dev: GOPATH mode, every
# dependency from /usr/share/gocode, no module download):
#   1. `buf generate` (the repository's buf.gen.yaml, Debian's protoc-gen-go
#      and protoc-gen-go-grpc) into OUT_DIR/generated;
#   2. a GOPATH in OUT_DIR whose src/ holds the generated package at the
#      import path the API's go_package names, and this example;
#   3. `go build`.
#
#   clients/examples/go/build.sh OUT_DIR
#
# Needs `npm ci` in the repository root (buf) and scripts/install-deps.sh.
set -euo pipefail
if (($# != 1)); then
  echo "usage: build.sh OUT_DIR" >&2
  exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "${here}/../../.." && pwd)"
out="$(mkdir -p "$1" && cd "$1" && pwd)"
import_path="github.com/carcassonne-referee/carcassonne-referee/gen/go/carcassonne/v1"

for tool in go protoc-gen-go protoc-gen-go-grpc "${repo_root}/node_modules/.bin/buf"; do
  if ! command -v "${tool}" >/dev/null 2>&1; then
    echo "build.sh: ${tool} is missing: run scripts/install-deps.sh" >&2
    exit 1
  fi
done
# The import path must be the one go_package declares in every file.
if grep -L "option go_package = \"${import_path};carcassonnev1\";" "${repo_root}"/proto/carcassonne/v1/*.proto | grep .; then
  echo "build.sh: the files above do not declare go_package ${import_path}" >&2
  exit 1
fi

# 1. The generated code.
rm -rf "${out}/generated" "${out}/gopath"
(cd "${repo_root}" && node_modules/.bin/buf generate -o "${out}/generated")

# 2. The GOPATH: the generated package, then the example.
mkdir -p "${out}/gopath/src/${import_path}" "${out}/gopath/src/example/play_game"
cp "${out}/generated/gen/go/carcassonne/v1/"*.go "${out}/gopath/src/${import_path}/"
cp "${here}/play_game.go" "${out}/gopath/src/example/play_game/"

# 3. The binary.
cd "${out}/gopath/src/example/play_game"
GO111MODULE=off GOPATH="${out}/gopath:/usr/share/gocode" GOCACHE="${out}/gocache" \
  GOFLAGS= go build -o "${out}/play_game" .
echo "build.sh: built ${out}/play_game"
