#!/usr/bin/env bash
# Builds (scripts/build.sh), then runs the referee server; arguments go to the server.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/build.sh
exec build/service/carcassonne_referee "$@"
