#!/usr/bin/env bash
# Builds (scripts/build.sh), then runs the referee server; arguments go to the server.
# By default it serves gRPC on 50051, HTTP (Connect, gRPC-Web, the pages at /) on
# 8080 (docs/http.md) and metrics on 9464; --http_port=0 turns HTTP off.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/build.sh
exec build/service/carcassonne_referee "$@"
