#!/usr/bin/env bash
# Generates the Python code of the API for play_game.py into OUT_DIR
# (default: gen/ beside this script), with Debian's protoc and gRPC plugin:
#   carcassonne/v1/referee_pb2.py, carcassonne/v1/referee_pb2_grpc.py   (the service,
#                                  its requests and responses)
#   carcassonne/v1/<file>_pb2.py   (every other file of the API, which
#                                  referee.proto imports: rules, geometry,
#                                  game_state, actions, verdicts, scoring,
#                                  catalogue, render)
#   google/rpc/status_pb2.py, google/rpc/error_details_pb2.py          (rich errors)
#
# Why not `python3 -m grpc_tools.protoc` (Debian's python3-grpc-tools): it
# bundles a protoc too old for proto3 `optional` fields, which the API uses.
# The system protoc (protobuf-compiler, 3.21) knows them, and grpc_python_plugin
# (protobuf-compiler-grpc) writes the stubs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "${here}/../../.." && pwd)"
out="${1:-${here}/gen}"
googleapis="${CARCASSONNE_GOOGLEAPIS_PROTO_DIR:-/usr/share/gocode/src/github.com/gogo/googleapis}"

plugin="$(command -v grpc_python_plugin || true)"
if [[ -z "${plugin}" ]]; then
  echo "generate.sh: grpc_python_plugin not found (Debian package protobuf-compiler-grpc)" >&2
  exit 1
fi
mkdir -p "${out}"
# Every file of the API (a file that declares no service gets an empty
# *_pb2_grpc.py).
api_files=()
for file in "${repo_root}"/proto/carcassonne/v1/*.proto; do
  api_files+=("carcassonne/v1/$(basename "${file}")")
done
protoc -I"${repo_root}/proto" --python_out="${out}" \
  --grpc_python_out="${out}" --plugin=protoc-gen-grpc_python="${plugin}" \
  "${api_files[@]}"
protoc -I"${googleapis}" --python_out="${out}" \
  google/rpc/status.proto google/rpc/error_details.proto
