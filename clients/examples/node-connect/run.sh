#!/usr/bin/env bash
# Runs the Connect example (play_game.js) against a real Carcassonne Referee
# started for it, as ctest's example_node_connect does:
#   1. generates the API's ES modules with the repository's buf and
#      protoc-gen-es (buf.gen.yaml here) into GEN_DIR (default ./gen, not
#      committed), and links this folder's node_modules there so that the
#      generated code finds @bufbuild/protobuf;
#   2. starts the server on loopback: gRPC and metrics on ports the OS picks
#      (--port=0), HTTP on a free port picked here (--http_port=0 would turn
#      HTTP off), read back from its start-up line "... (port=N http_port=H
#      ...)"; a port taken in between is retried with another;
#   3. plays the game four times with the same seed: Connect with JSON
#      bodies, then binary (application/proto), then gRPC-Web on the same
#      HTTP port, then gRPC over HTTP/2 on the gRPC port; each run must exit 0
#      and print every expected line, and all must play the same game;
#   4. stops the server by its PID (SIGTERM), which must exit 0.
#
#   clients/examples/node-connect/run.sh build/service/carcassonne_referee [GEN_DIR]
#
# Needs `npm ci` here and in the repository root (scripts/install-deps.sh).
set -euo pipefail

if (($# < 1 || $# > 2)); then
  echo "usage: run.sh SERVER_BINARY [GEN_DIR]" >&2
  exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "${here}/../../.." && pwd)"
server="$1"
gen="${2:-${here}/gen}"

for needed in "${here}/node_modules/@connectrpc/connect-node/package.json" \
              "${repo_root}/node_modules/.bin/buf" "${repo_root}/node_modules/.bin/protoc-gen-es"; do
  if [[ ! -e "${needed}" ]]; then
    echo "run.sh: ${needed} is missing: run scripts/install-deps.sh (npm ci)" >&2
    exit 1
  fi
done

# 1. The generated code.
rm -rf "${gen}"
(cd "${repo_root}" &&
  node_modules/.bin/buf generate --template clients/examples/node-connect/buf.gen.yaml -o "${gen}")
ln -s "${here}/node_modules" "${gen}/node_modules"
# The generated files are ES modules: say so, wherever GEN_DIR lies (a
# package.json above it without "type" would make node warn and guess).
echo '{"type": "module"}' >"${gen}/package.json"

# 2. The server.
work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [[ -n "${server_pid}" ]] && kill -0 "${server_pid}" 2>/dev/null; then
    kill -KILL "${server_pid}" 2>/dev/null || true
  fi
  rm -rf "${work}"
}
trap cleanup EXIT

free_port() {
  node -e 'const s = require("net").createServer();
           s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

http_port=""
grpc_port=""
for attempt in 1 2 3 4 5; do
  candidate="$(free_port)"
  "${server}" --address=127.0.0.1 --port=0 --metrics_port=0 --http_port="${candidate}" \
    --lame_duck_seconds=0 >"${work}/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 250); do  # up to 5 s
    if grep -q "(port=[0-9]* http_port=${candidate} " "${work}/server.log"; then
      http_port="${candidate}"
      grpc_port="$(sed -n "s/.*(port=\([0-9]*\) http_port=${candidate} .*/\1/p" "${work}/server.log" | head -1)"
      break 2
    fi
    kill -0 "${server_pid}" 2>/dev/null || break
    sleep 0.02
  done
  # No start-up line: the port was taken in between (try another), or worse.
  kill -KILL "${server_pid}" 2>/dev/null || true
  wait "${server_pid}" 2>/dev/null || true
  server_pid=""
  echo "run.sh: attempt ${attempt}: the server did not start on HTTP port ${candidate}:" >&2
  cat "${work}/server.log" >&2
done
if [[ -z "${http_port}" ]]; then
  echo "run.sh: the server never started" >&2
  exit 1
fi

# 3. The example, over each protocol. What it must print (see play_game.js):
expects=(
  '^GetCatalog: base set, [0-9]+ tile types, 72 tiles; '
  '^NewGame: Ann and Bob, start tile base:D at \(0, 0\), 71 tiles in the bag$'
  '^malformed request: ConnectError Code\.InvalidArgument, field action\.place_tile\.rotation: '
  '^malformed request: reason ROTATION_INVALID, JSON field action\.placeTile\.rotation$'
  '^illegal move: Ann base:[A-X] at \(0, 0\): VIOLATION_CODE_CELL_OCCUPIED \[BG-02\] '
  '^turn 1: Ann places base:[A-X] at '
  '^ScoreGame on the final snapshot: [0-9]+, [0-9]+$'
  '^game over after [0-9]+ turns: Ann [0-9]+, Bob [0-9]+$'
)
failed=0
runs=(
  "json --protocol=connect --format=json --base_url=http://127.0.0.1:${http_port}"
  "binary --protocol=connect --format=binary --base_url=http://127.0.0.1:${http_port}"
  "grpcweb --protocol=grpcweb --format=binary --base_url=http://127.0.0.1:${http_port}"
  "grpc --protocol=grpc --format=binary --base_url=http://127.0.0.1:${grpc_port}"
)
for run in "${runs[@]}"; do
  read -r name flags <<<"${run}"
  status=0
  # shellcheck disable=SC2086  # the flags are words
  node "${here}/play_game.js" ${flags} --gen="${gen}" --seed=7 --players=Ann,Bob \
    >"${work}/${name}.out" 2>&1 || status=$?
  cat "${work}/${name}.out"
  if ((status != 0)); then
    echo "run.sh: the example (${name}) exited with status ${status}" >&2
    failed=1
  fi
  for pattern in "${expects[@]}"; do
    if ! grep -Eq -- "${pattern}" "${work}/${name}.out"; then
      echo "run.sh: no line of the example's output (${name}) matches: ${pattern}" >&2
      failed=1
    fi
  done
  # The same seed plays the same game whatever the protocol and encoding
  # (the first line names them).
  if [[ "${name}" != json ]] &&
     ! diff <(tail -n +2 "${work}/json.out") <(tail -n +2 "${work}/${name}.out") >"${work}/diff"; then
    echo "run.sh: JSON and ${name} played different games:" >&2
    cat "${work}/diff" >&2
    failed=1
  fi
done

# 4. Stop the server.
kill -TERM "${server_pid}"
server_status=0
wait "${server_pid}" || server_status=$?
server_pid=""
if ((server_status != 0)); then
  echo "run.sh: the server exited with status ${server_status} after SIGTERM:" >&2
  cat "${work}/server.log" >&2
  failed=1
fi
((failed == 0)) && echo "run.sh: passed (Connect JSON and binary, gRPC-Web: HTTP port ${http_port}; gRPC: port ${grpc_port})"
exit "${failed}"
