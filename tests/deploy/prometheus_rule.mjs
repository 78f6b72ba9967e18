// Generates the Prometheus Operator's PrometheusRule
// (deploy/kubernetes/components/prometheus-rule/prometheus-rule.yaml) from
// the plain rule file deploy/monitoring/carcassonne-referee.rules.yaml, the
// one source of truth: the CR's spec.groups are that file's groups.
//   node prometheus_rule.mjs --write   rewrites the CR
//   node prometheus_rule.mjs           checks that the CR is up to date (exit 1
//                                      with the command to run when not)
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse, stringify} from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const source = 'deploy/monitoring/carcassonne-referee.rules.yaml';
const target = 'deploy/kubernetes/components/prometheus-rule/prometheus-rule.yaml';

const rules = parse(readFileSync(path.join(root, source), 'utf8'));
const resource = {
  apiVersion: 'monitoring.coreos.com/v1',
  kind: 'PrometheusRule',
  metadata: {name: 'carcassonne-referee'},
  spec: {groups: rules.groups},
};
const text =
  `# GENERATED from ${source} by tests/deploy/prometheus_rule.mjs --write:\n` +
  `# edit that file, then regenerate this one (ctest deploy_monitoring fails\n` +
  `# while they differ).\n` +
  stringify(resource, {lineWidth: 0});

const file = path.join(root, target);
if (process.argv.includes('--write')) {
  writeFileSync(file, text);
  console.log(`wrote ${target}`);
} else {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {}
  if (current !== text) {
    console.error(`FAIL ${target} is not generated from ${source}: run node tests/deploy/prometheus_rule.mjs --write`);
    process.exit(1);
  }
  console.log(`ok ${target} matches ${source}`);
}
