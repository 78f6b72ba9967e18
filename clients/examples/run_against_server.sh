#!/usr/bin/env bash
# Runs an example client against a real Carcassonne Referee started for it:
# the server binary listens on loopback ports the OS picks (--port=0), read
# back from its start-up line "... (port=N metrics_port=M ...)"; the client's
# arguments get {target} replaced by 127.0.0.1:N. Passes when the client exits
# with status 0 and its output matches every --expect pattern (grep -E), and
# the server then stops cleanly on SIGTERM.
#
#   run_against_server.sh --server build/service/carcassonne_referee \
#       --expect '^game over' -- node clients/examples/node/play_game.js --target={target}
set -euo pipefail

server=""
expects=()
while (($# > 0)); do
  case "$1" in
    --server) server="$2"; shift 2 ;;
    --expect) expects+=("$2"); shift 2 ;;
    --) shift; break ;;
    *) echo "run_against_server: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [[ -z "${server}" || $# -eq 0 ]]; then
  echo "usage: run_against_server.sh --server BINARY [--expect REGEX]... -- COMMAND [ARGS with {target}]" >&2
  exit 2
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [[ -n "${server_pid}" ]] && kill -0 "${server_pid}" 2>/dev/null; then
    kill -KILL "${server_pid}" 2>/dev/null || true
  fi
  rm -rf "${work}"
}
trap cleanup EXIT

"${server}" --address=127.0.0.1 --port=0 --metrics_port=0 --http_port=0 >"${work}/server.log" 2>&1 &
server_pid=$!

port=""
for _ in $(seq 1 250); do  # up to 5 s
  port="$(grep -o '(port=[0-9]*' "${work}/server.log" | head -n 1 | cut -d= -f2 || true)"
  [[ -n "${port}" ]] && break
  if ! kill -0 "${server_pid}" 2>/dev/null; then
    echo "run_against_server: the server exited at start-up:" >&2
    cat "${work}/server.log" >&2
    exit 1
  fi
  sleep 0.02
done
if [[ -z "${port}" ]]; then
  echo "run_against_server: no start-up line within 5 s:" >&2
  cat "${work}/server.log" >&2
  exit 1
fi

command=()
for arg in "$@"; do command+=("${arg//\{target\}/127.0.0.1:${port}}"); done

status=0
"${command[@]}" >"${work}/client.out" 2>&1 || status=$?
cat "${work}/client.out"

failed=0
if ((status != 0)); then
  echo "run_against_server: the client exited with status ${status}" >&2
  failed=1
fi
for pattern in "${expects[@]}"; do
  if ! grep -Eq -- "${pattern}" "${work}/client.out"; then
    echo "run_against_server: no line of the client's output matches: ${pattern}" >&2
    failed=1
  fi
done

kill -TERM "${server_pid}"
server_status=0
wait "${server_pid}" || server_status=$?
server_pid=""
if ((server_status != 0)); then
  echo "run_against_server: the server exited with status ${server_status} after SIGTERM:" >&2
  cat "${work}/server.log" >&2
  failed=1
fi
exit "${failed}"
