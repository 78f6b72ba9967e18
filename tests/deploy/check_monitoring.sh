#!/usr/bin/env bash
# deploy/monitoring/: the rules pass `promtool check rules` and their unit
# tests (`promtool test rules`, carcassonne-referee.rules.test.yaml), the
# PrometheusRule of components/prometheus-rule is generated from them
# (prometheus_rule.mjs), and the rules, runbooks and Grafana dashboard read
# only metrics the server exports (check_monitoring.mjs, which runs the built
# server given as $1). promtool comes with Debian's prometheus package
# (scripts/install-deps.sh); without it the test is skipped (exit 77).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "${here}/../.." && pwd)"
referee="${1:?usage: check_monitoring.sh PATH/TO/carcassonne_referee}"
if [[ ! -f "${here}/node_modules/yaml/package.json" ]]; then
  echo "check_monitoring: tests/deploy/node_modules is missing: run scripts/install-deps.sh" >&2
  exit 1
fi
if ! command -v promtool >/dev/null 2>&1; then
  echo "check_monitoring: SKIPPED: promtool is not installed (Debian package prometheus;" \
       "scripts/install-deps.sh installs it)" >&2
  exit 77
fi
cd "${repo_root}/deploy/monitoring"
promtool check rules carcassonne-referee.rules.yaml
promtool test rules carcassonne-referee.rules.test.yaml
node "${here}/prometheus_rule.mjs"
node "${here}/check_monitoring.mjs" "${referee}"
