// Checks deploy/monitoring/ against the real server:
//   1. starts the built carcassonne_referee (its path is the argument) on
//      ports the OS picks, reads the names of the samples its /metrics
//      serves (so a histogram's _bucket, _sum and _count, never its bare
//      family name), and stops it;
//   2. every metric a rule of carcassonne-referee.rules.yaml reads is one of
//      them, or a series that another rule of the file records;
//   3. every alert has a severity, a summary and a runbook_url whose anchor
//      is a section of docs/runbooks.md;
//   4. the Grafana dashboard parses, its panels have unique ids and a
//      Prometheus query each, and every metric every query (and the
//      templating's label_values) names is one the server serves (recording
//      rules are not: the dashboard works on a Prometheus without them).
// Usage: node check_monitoring.mjs PATH/TO/carcassonne_referee
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse} from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const referee = process.argv[2];
if (!referee) {
  console.error('usage: node check_monitoring.mjs PATH/TO/carcassonne_referee');
  process.exit(2);
}
const failures = [];
const fail = (where, what) => failures.push(`${where}: ${what}`);

// --- PromQL: the metric names an expression reads ---------------------------

const KEYWORDS = new Set(['and', 'or', 'unless', 'by', 'without', 'on', 'ignoring', 'group_left',
  'group_right', 'offset', 'bool', 'inf', 'nan', 'atan2']);

// The metric names in `expr`: identifiers that are not functions (followed by
// "("), keywords, label names (in braces or grouping clauses), durations or
// Grafana variables.
export function metricNames(expr) {
  let text = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')   // strings
    .replace(/\{[^}]*\}/g, ' ')                                       // label matchers
    .replace(/\[[^\]]*\]/g, ' ')                                      // ranges, subqueries
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ')                                     // Grafana variables
    .replace(/(?<![\w:])\d+(\.\d+)?([eE][+-]?\d+)?/g, ' ');           // numbers
  const names = new Set();
  for (const match of text.matchAll(/[A-Za-z_:][\w:]*/g)) {
    const after = text.slice(match.index + match[0].length).trimStart();
    if (after.startsWith('(') || KEYWORDS.has(match[0].toLowerCase())) continue;
    names.add(match[0]);
  }
  return [...names];
}

// The extraction itself, on expressions whose names are known by hand.
const selfChecks = [
  ['sum by (le) (rate(foo_bucket{a="b",c=~"x|y"}[5m])) / on (job) group_left bar', ['foo_bucket', 'bar']],
  ['histogram_quantile(0.99, sum by (job, le) (rate(a_b:c[$__rate_interval]))) > 2.5e-2', ['a_b:c']],
  ['x{job=~"$job"} and on (job, instance) y > bool 1', ['x', 'y']],
  ['round(r:ratio * 10000) unless absent(z)', ['r:ratio', 'z']],
];
for (const [expr, expected] of selfChecks) {
  const got = metricNames(expr).sort();
  if (JSON.stringify(got) !== JSON.stringify([...expected].sort())) {
    fail('metricNames self-check', `${expr} gave ${got}, expected ${expected}`);
  }
}

// --- 1. What the server exports ---------------------------------------------

async function exportedNames() {
  const server = spawn(referee, ['--address=127.0.0.1', '--port=0', '--metrics_port=0', '--http_port=0',
    '--lame_duck_seconds=0'], {stdio: ['ignore', 'ignore', 'pipe']});
  let log = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start-up line in 30 s: ${log}`)), 30000);
    server.stderr.on('data', (chunk) => {
      log += chunk;
      const found = /metrics_port=(\d+)/.exec(log);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    server.on('exit', (code) => reject(new Error(`the server exited (${code}): ${log}`)));
  });
  try {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    const text = await response.text();
    const names = new Set();
    for (const line of text.split('\n')) {
      const sample = /^([A-Za-z_:][\w:]*)(\{| )/.exec(line);
      if (sample) names.add(sample[1]);
    }
    return names;
  } finally {
    server.kill('SIGTERM');
  }
}

let exported;
try {
  exported = await exportedNames();
} catch (error) {
  console.error(`FAIL cannot read the server's /metrics: ${error.message}`);
  process.exit(1);
}
for (const needed of ['grpc_server_started_total', 'grpc_server_handled_total',
  'grpc_server_handling_seconds_bucket', 'carcassonne_calls_shed_total', 'process_cpu_seconds_total']) {
  if (!exported.has(needed)) fail('/metrics', `does not serve ${needed}: is this the referee?`);
}

// --- 2, 3. The rules ---------------------------------------------------------

const rulesFile = 'deploy/monitoring/carcassonne-referee.rules.yaml';
const rules = parse(readFileSync(path.join(root, rulesFile), 'utf8'));
const recorded = new Set(rules.groups.flatMap((g) => g.rules.filter((r) => r.record).map((r) => r.record)));
const runbooks = readFileSync(path.join(root, 'docs/runbooks.md'), 'utf8');
// GitHub's heading anchors: lower case, punctuation dropped, spaces to "-".
const anchors = new Set(runbooks.split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) =>
  l.replace(/^#+ /, '').trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')));
let alertCount = 0;
for (const group of rules.groups) {
  for (const rule of group.rules) {
    const where = `${rulesFile} ${rule.alert ?? rule.record}`;
    for (const name of metricNames(rule.expr)) {
      if (!exported.has(name) && !recorded.has(name)) fail(where, `reads ${name}, which the server does not export`);
    }
    if (!rule.alert) continue;
    alertCount += 1;
    if (!['critical', 'warning'].includes(rule.labels?.severity)) fail(where, 'no severity critical or warning');
    if (!rule.annotations?.summary) fail(where, 'no summary');
    const anchor = /docs\/runbooks\.md#([\w-]+)$/.exec(rule.annotations?.runbook_url ?? '')?.[1];
    if (!anchor) fail(where, 'no runbook_url into docs/runbooks.md');
    else if (!anchors.has(anchor)) fail(where, `runbook_url #${anchor} is no section of docs/runbooks.md`);
  }
}

// --- 4. The dashboard --------------------------------------------------------

const dashboardFile = 'deploy/monitoring/grafana-dashboard.json';
let dashboard;
try {
  dashboard = JSON.parse(readFileSync(path.join(root, dashboardFile), 'utf8'));
} catch (error) {
  fail(dashboardFile, `does not parse: ${error.message}`);
}
let queryCount = 0;
if (dashboard) {
  const panels = (dashboard.panels ?? []).flatMap((p) => [p, ...(p.panels ?? [])]);
  const ids = panels.map((p) => p.id);
  if (new Set(ids).size !== ids.length) fail(dashboardFile, 'panel ids are not unique');
  const checkQuery = (where, expr) => {
    queryCount += 1;
    const names = metricNames(expr);
    if (names.length === 0) fail(where, `query names no metric: ${expr}`);
    for (const name of names) {
      if (!exported.has(name)) fail(where, `query reads ${name}, which the server does not export`);
    }
  };
  for (const panel of panels) {
    if (panel.type === 'row') continue;
    const where = `${dashboardFile} panel "${panel.title}"`;
    if (!panel.targets?.length) fail(where, 'has no query');
    for (const target of panel.targets ?? []) {
      if (typeof target.expr !== 'string') fail(where, `target ${target.refId} has no expr`);
      else checkQuery(where, target.expr);
    }
  }
  for (const variable of dashboard.templating?.list ?? []) {
    if (variable.type !== 'query') continue;
    const query = typeof variable.query === 'string' ? variable.query : variable.query?.query;
    const metric = /^label_values\(\s*([A-Za-z_:][\w:]*)/.exec(query ?? '')?.[1];
    if (!metric) fail(`${dashboardFile} variable ${variable.name}`, `not label_values(metric, label): ${query}`);
    else checkQuery(`${dashboardFile} variable ${variable.name}`, metric);
  }
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL ${failure}`);
  process.exit(1);
}
console.log(`ok: ${recorded.size} recording rules and ${alertCount} alerts read exported metrics and have ` +
            `runbooks; ${queryCount} dashboard queries read ${exported.size} exported sample names`);
