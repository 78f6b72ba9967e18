#!/usr/bin/env bash
# Checks that the client code of the public API generates and works, with the
# local plugins of buf.gen.yaml (ctest: buf_generate). Usage:
#   scripts/check-generated-clients.sh [OUT_DIR]     (default: a temporary dir)
# Steps:
#   1. `buf generate -o OUT_DIR` (TypeScript, Python, Go) succeeds, and each
#      language's files are where buf.gen.yaml and the API's options put them,
#      one per file of the API (proto/carcassonne/v1/*.proto);
#   2. TypeScript: tsc type-checks the generated modules (strict), compiles
#      them, and node encodes Cell {x: 3, y: -2} with geometry_pb (and finds
#      RefereeService in referee_pb);
#   3. Python: the generated modules (the system python3-protobuf runtime)
#      encode the same Cell;
#   both must give the bytes the protobuf wire format prescribes, derived by
#   hand: field 1 (x) varint 3 = 08 03; field 2 (y) varint -2, an int32 sign-
#   extended to 64 bits = 10 fe ff ff ff ff ff ff ff ff 01.
#   4. Go: every file declares package carcassonnev1 (go_package's name) and the
#      RefereeService client (ctest example_go_client compiles them with
#      Debian's Go and plays a game with them: clients/examples/go).
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${repo_root}"
if [[ $# -ge 1 ]]; then
  out="$1"
  rm -rf "${out}"
  mkdir -p "${out}"
else
  out="$(mktemp -d)"
  trap 'rm -rf "${out}"' EXIT
fi
for tool in node_modules/.bin/buf node_modules/.bin/protoc-gen-es node_modules/.bin/tsc; do
  if [[ ! -x "${tool}" ]]; then
    echo "check-generated-clients: ${tool} is missing: run scripts/install-deps.sh (npm ci)" >&2
    exit 1
  fi
done
for tool in protoc grpc_python_plugin protoc-gen-go protoc-gen-go-grpc; do
  if ! command -v "${tool}" >/dev/null 2>&1; then
    echo "check-generated-clients: ${tool} is missing: run scripts/install-deps.sh" >&2
    exit 1
  fi
done

node_modules/.bin/buf generate -o "${out}"

failed=0
expect_file() {
  if [[ -f "${out}/$1" ]]; then
    echo "ok   generated $1"
  else
    echo "FAIL no $1; generated: $(cd "${out}" && find . -type f | tr '\n' ' ')" >&2
    failed=1
  fi
}
# The API's files (one package, several files by concern).
api_bases=()
for file in proto/carcassonne/v1/*.proto; do
  api_bases+=("$(basename "${file}" .proto)")
done
for base in "${api_bases[@]}"; do
  expect_file "gen/ts/carcassonne/v1/${base}_pb.ts"
  expect_file "gen/python/carcassonne/v1/${base}_pb2.py"
  expect_file "gen/go/carcassonne/v1/${base}.pb.go"
done
expect_file gen/python/carcassonne/v1/referee_pb2_grpc.py
expect_file gen/go/carcassonne/v1/referee_grpc.pb.go
((failed == 0)) || exit 1

expected="0803""10feffffffffffffffff01"

# TypeScript: type-check and compile (the runtime, @bufbuild/protobuf, from the
# repository's node_modules), then encode with node.
ts="${out}/ts"
mkdir -p "${ts}"
cp "${out}/gen/ts/carcassonne/v1/"*_pb.ts "${ts}/"
ln -sfn "${repo_root}/node_modules" "${ts}/node_modules"
cat >"${ts}/package.json" <<'JSON'
{"type": "module"}
JSON
cat >"${ts}/encode.ts" <<'TS'
import { create, toBinary } from "@bufbuild/protobuf";
import { CellSchema } from "./geometry_pb.js";
import { RefereeService } from "./referee_pb.js";

const bytes = toBinary(CellSchema, create(CellSchema, { x: 3, y: -2 }));
if (RefereeService.method.validateAction.name !== "ValidateAction") {
  throw new Error("RefereeService has no ValidateAction");
}
console.log(Array.from(bytes, (b: number) => b.toString(16).padStart(2, "0")).join(""));
TS
node_modules/.bin/tsc --strict --target es2022 --module nodenext --moduleResolution nodenext \
  --outDir "${ts}/js" "${ts}/"*_pb.ts "${ts}/encode.ts"
cp "${ts}/package.json" "${ts}/js/"
ln -sfn "${repo_root}/node_modules" "${ts}/js/node_modules"
ts_bytes="$(node "${ts}/js/encode.js")"
if [[ "${ts_bytes}" == "${expected}" ]]; then
  echo "ok   TypeScript encodes Cell {x: 3, y: -2} as ${ts_bytes}"
else
  echo "FAIL TypeScript encodes Cell {x: 3, y: -2} as ${ts_bytes}, not ${expected}" >&2
  failed=1
fi

# Python: the generated module with Debian's python3-protobuf.
py_bytes="$(PYTHONPATH="${out}/gen/python" /usr/bin/python3 -c '
from carcassonne.v1 import geometry_pb2, referee_pb2_grpc
assert hasattr(referee_pb2_grpc, "RefereeServiceStub")
print(geometry_pb2.Cell(x=3, y=-2).SerializeToString().hex())')"
if [[ "${py_bytes}" == "${expected}" ]]; then
  echo "ok   Python encodes Cell {x: 3, y: -2} as ${py_bytes}"
else
  echo "FAIL Python encodes Cell {x: 3, y: -2} as ${py_bytes}, not ${expected}" >&2
  failed=1
fi

# Go: the package name of go_package in every file, and the gRPC client.
for base in "${api_bases[@]}"; do
  if ! grep -q '^package carcassonnev1$' "${out}/gen/go/carcassonne/v1/${base}.pb.go"; then
    echo "FAIL Go: ${base}.pb.go does not declare package carcassonnev1" >&2
    failed=1
  fi
done
if grep -q 'func NewRefereeServiceClient' "${out}/gen/go/carcassonne/v1/referee_grpc.pb.go"; then
  echo "ok   Go: package carcassonnev1 (${#api_bases[@]} files) with NewRefereeServiceClient"
else
  echo "FAIL Go: no NewRefereeServiceClient in referee_grpc.pb.go" >&2
  failed=1
fi
exit "${failed}"
