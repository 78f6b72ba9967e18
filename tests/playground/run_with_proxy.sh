#!/usr/bin/env bash
# Runs the playground's browser test (play_in_browser.js) against a
# gRPC-only referee: starts REFEREE_BINARY on ports the OS picks, the JSON
# proxy in front of it (grpc_json_proxy.js, which also serves the page's
# files from the source tree), then the test; stops both (by their process
# ids) whatever happens.
#   run_with_proxy.sh REFEREE_BINARY SCREENSHOT.png [play_in_browser.js flags...]
# (e.g. --every-expansion: a game of every expansion too, some minutes more).
# Needs `npm ci` in tests/playground (scripts/install-deps.sh) and Debian's
# chromium. Once the referee serves HTTP itself (--http_port), run
# play_in_browser.js against it directly instead.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
referee="$1"
screenshot="$2"
shift 2

if [[ ! -f "${here}/node_modules/playwright-core/package.json" ]]; then
  echo "run_with_proxy: ${here}/node_modules is missing: run scripts/install-deps.sh (npm ci)" >&2
  exit 1
fi
if [[ ! -x /usr/bin/chromium ]]; then
  echo "run_with_proxy: /usr/bin/chromium is missing: run scripts/install-deps.sh" >&2
  exit 1
fi

work="$(mktemp -d)"
referee_pid=""
proxy_pid=""
cleanup() {
  [[ -n "${proxy_pid}" ]] && kill "${proxy_pid}" 2>/dev/null || true
  [[ -n "${referee_pid}" ]] && kill "${referee_pid}" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "${work}"
}
trap cleanup EXIT

# Waits (up to 30 s: generous, no verdict depends on speed) for a line
# matching $2 in the file $1, and prints it.
wait_for_line() {
  for _ in $(seq 300); do
    if grep -m1 -E "$2" "$1" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "run_with_proxy: no line matching '$2' in $1:" >&2
  cat "$1" >&2
  return 1
}

"${referee}" --address=127.0.0.1 --port=0 --metrics_port=0 --lame_duck_seconds=0 \
  >"${work}/referee.log" 2>&1 &
referee_pid=$!
grpc_port="$(wait_for_line "${work}/referee.log" 'serving gRPC on' |
             sed -E 's/.*serving gRPC on [0-9.]+:([0-9]+).*/\1/')"

node "${here}/grpc_json_proxy.js" --grpc "127.0.0.1:${grpc_port}" --port 0 \
  >"${work}/proxy.log" 2>&1 &
proxy_pid=$!
url="$(wait_for_line "${work}/proxy.log" 'listening on' | sed -E 's/.*listening on //')"

node "${here}/play_in_browser.js" --url "${url}" --screenshot "${screenshot}" "$@"
