#!/usr/bin/env bash
# Installs everything needed to build, test and lint the project, idempotently:
#   * the Debian 12 packages below, only those missing (apt-get update runs
#     only when something is missing), including clang 14 + libFuzzer and
#     ccache for the sanitizer and fuzzing stages of CI;
#   * buf (the .proto linter, and buf curl) from npm into node_modules/,
#     pinned by package.json + package-lock.json, when node_modules/.bin/buf
#     is missing.
# Runs as root, or through sudo when not root.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

packages=(
  build-essential cmake ninja-build pkg-config
  libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
  prometheus-cpp-dev libabsl-dev
  golang-github-gogo-googleapis-dev grpc-proto   # google/rpc/*.proto, grpc/health/v1/health.proto
  libgtest-dev libgmock-dev libbenchmark-dev
  clang-format curl
  # Sanitizer and fuzzing stages of CI (scripts/ci-sanitizers.sh, scripts/fuzz.sh):
  # clang 14 with libFuzzer and its sanitizer runtimes, llvm-symbolizer for
  # readable stacks, ccache for the extra build trees.
  clang-14 libclang-rt-14-dev llvm-14 ccache
)
# Node.js and npm may come from outside Debian (e.g. a nodesource build that
# bundles npm); installing Debian's npm over such a nodejs would conflict.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for pkg in "${packages[@]}"; do
  status="$(dpkg-query -W -f='${db:Status-Status}' "${pkg}" 2>/dev/null || true)"
  [[ "${status}" == "installed" ]] || missing+=("${pkg}")
done

if ((${#missing[@]} > 0)); then
  sudo=()
  if [[ "$(id -u)" -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "install-deps: not root and no sudo; please install: ${missing[*]}" >&2
      exit 1
    fi
  fi
  echo "install-deps: installing ${missing[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
else
  echo "install-deps: all Debian packages present"
fi

if [[ ! -x "${repo_root}/node_modules/.bin/buf" ]]; then
  echo "install-deps: installing buf from npm"
  cd "${repo_root}"
  if [[ -f package-lock.json ]]; then
    npm ci --no-audit --no-fund
  else
    npm install --no-audit --no-fund
  fi
fi
