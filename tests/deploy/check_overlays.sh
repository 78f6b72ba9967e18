#!/usr/bin/env bash
# Renders every overlay of deploy/kubernetes with the pinned kubectl's
# kustomize (`kubectl kustomize`) and validates what it renders offline
# (validate_manifests.mjs: the Kubernetes schemas, no unknown field, and what
# the deployment promises). Needs `npm ci` in tests/deploy and
# install_kubectl.sh (scripts/install-deps.sh runs both); a missing tool is a
# failure, not a skip.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "${here}/../.." && pwd)"
kubectl="${here}/node_modules/.kubectl/kubectl"
if [[ ! -x "${kubectl}" || ! -f "${here}/node_modules/kubernetes-models/package.json" ]]; then
  echo "check_overlays: the pinned tools are missing: run scripts/install-deps.sh" \
       "(npm ci and install_kubectl.sh in tests/deploy)" >&2
  exit 1
fi
echo "kubectl: $("${kubectl}" version --client | tr '\n' ' ')"

out="$(mktemp -d)"
trap 'rm -rf "${out}"' EXIT
failed=0
overlays=()
for dir in "${repo_root}"/deploy/kubernetes/overlays/*/; do
  overlays+=("$(basename "${dir}")")
done
for expected in dev production production-with-pod-monitor tls mtls-with-cert-manager; do
  if [[ " ${overlays[*]} " != *" ${expected} "* ]]; then
    echo "FAIL: no overlay ${expected}" >&2
    failed=1
  fi
done
for overlay in "${overlays[@]}"; do
  rendered="${out}/${overlay}.yaml"
  if ! "${kubectl}" kustomize "${repo_root}/deploy/kubernetes/overlays/${overlay}" >"${rendered}"; then
    echo "FAIL: kubectl kustomize overlays/${overlay}" >&2
    failed=1
    continue
  fi
  node "${here}/validate_manifests.mjs" "${rendered}" || failed=1
done
if ((failed == 0)); then
  echo "${#overlays[@]} overlays rendered and valid"
fi
exit "${failed}"
