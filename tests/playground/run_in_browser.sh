#!/usr/bin/env bash
# Runs the playground's browser test (play_in_browser.js) against the real
# referee: starts REFEREE_BINARY with its HTTP port on a free loopback port
# (the page, GET /, and the API over Connect JSON, both served by the
# referee itself), then the test; stops the referee (by its process id)
# whatever happens.
#   run_in_browser.sh REFEREE_BINARY SCREENSHOT.png [play_in_browser.js flags...]
# (e.g. --every-expansion: a game of every expansion too, some minutes more).
# Needs `npm ci` in tests/playground (scripts/install-deps.sh) and Debian's
# chromium.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
referee="$1"
screenshot="$2"
shift 2

if [[ ! -f "${here}/node_modules/playwright-core/package.json" ]]; then
  echo "run_in_browser: ${here}/node_modules is missing: run scripts/install-deps.sh (npm ci)" >&2
  exit 1
fi
if [[ ! -x /usr/bin/chromium ]]; then
  echo "run_in_browser: /usr/bin/chromium is missing: run scripts/install-deps.sh" >&2
  exit 1
fi

work="$(mktemp -d)"
referee_pid=""
cleanup() {
  [[ -n "${referee_pid}" ]] && kill "${referee_pid}" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "${work}"
}
trap cleanup EXIT

# A port the OS has just handed out and taken back (--http_port=0 means off).
http_port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"${referee}" --address=127.0.0.1 --port=0 --metrics_port=0 --http_port="${http_port}" \
  --lame_duck_seconds=0 >"${work}/referee.log" 2>&1 &
referee_pid=$!
# Waits (up to 30 s: generous, no verdict depends on speed) for the start-up line.
for _ in $(seq 300); do
  if grep -q "http_port=${http_port}" "${work}/referee.log" 2>/dev/null; then break; fi
  if ! kill -0 "${referee_pid}" 2>/dev/null; then break; fi
  sleep 0.1
done
if ! grep -q "http_port=${http_port}" "${work}/referee.log"; then
  echo "run_in_browser: the referee did not start:" >&2
  cat "${work}/referee.log" >&2
  exit 1
fi

node "${here}/play_in_browser.js" --url "http://127.0.0.1:${http_port}/" --screenshot "${screenshot}" "$@"
