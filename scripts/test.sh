#!/usr/bin/env bash
# Builds (scripts/build.sh), then runs every test with ctest.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
