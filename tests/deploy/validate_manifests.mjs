// Validates the Kubernetes objects of one rendered overlay (the YAML stream of
// `kubectl kustomize deploy/kubernetes/overlays/NAME`), offline:
//   1. schemas: each object against the JSON schema of its apiVersion/kind
//      (npm kubernetes-models, generated from the Kubernetes OpenAPI; the
//      PodMonitor from @kubernetes-models/prometheus-operator): types,
//      enums, required fields. An unknown apiVersion/kind is a failure.
//   2. no unknown fields: those schemas let unknown fields through (the API
//      server would drop or reject them), so every object is also
//      type-checked by TypeScript against the same package's types, whose
//      excess-property check names each misspelt or misplaced field.
//   3. what this deployment promises (deploy/kubernetes/base/*.yaml): the Pod
//      Security "restricted" level, requests and limits, a pinned image, a
//      termination grace that covers the lame duck and the drain, the HPA,
//      the PDB, topology spread and the Services aimed at the pods; in the
//      production overlays, a maximum connection age (clients behind the L4
//      Service reconnect and spread over new pods).
// Usage: node validate_manifests.mjs RENDERED.yaml   (exit 0: every check held)
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseAllDocuments} from 'yaml';
import ts from 'typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = process.argv[2];
if (!file) {
  console.error('usage: node validate_manifests.mjs RENDERED.yaml');
  process.exit(2);
}

// The server drains accepted calls for this long after the lame duck
// (kShutdownGrace in service/server.cc).
const DRAIN_SECONDS = 5;

const failures = [];
const fail = (where, what) => failures.push(`${where}: ${what}`);

const objects = [];
for (const document of parseAllDocuments(readFileSync(file, 'utf8'))) {
  if (document.errors.length > 0) {
    fail(file, `YAML: ${document.errors.map((e) => e.message).join('; ')}`);
    continue;
  }
  const object = document.toJS();
  if (object !== null) objects.push(object);
}
if (objects.length === 0) fail(file, 'no object rendered');
const nameOf = (o) => `${o.kind}/${o.metadata?.name ?? '?'}`;

// --- 1. Schemas -----------------------------------------------------------

// apiVersion -> the module of its models and the type file of a kind.
function modelModule(apiVersion) {
  if (apiVersion === 'monitoring.coreos.com/v1') {
    return '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
  }
  return `kubernetes-models/${apiVersion}`;  // "v1", "apps/v1", "autoscaling/v2", ...
}

const typed = [];  // [object, module of its type, interface name] for step 2
for (const object of objects) {
  const where = nameOf(object);
  if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') {
    fail(where, 'no apiVersion or kind');
    continue;
  }
  let models;
  try {
    models = await import(modelModule(object.apiVersion));
  } catch {
    fail(where, `no schema for apiVersion ${object.apiVersion}`);
    continue;
  }
  const Model = models[object.kind];
  if (typeof Model !== 'function') {
    fail(where, `no schema for kind ${object.kind} in ${object.apiVersion}`);
    continue;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    fail(where, `schema ${object.apiVersion} ${object.kind}: ${error.message}`);
    continue;
  }
  typed.push([object, `${modelModule(object.apiVersion)}/${object.kind}`, `I${object.kind}`]);
}

// --- 2. No unknown fields ---------------------------------------------------

// One virtual TypeScript file beside this script (so that its imports resolve
// to ./node_modules): `const object0: IDeployment = {...};` per object.
const virtualFile = path.join(here, '__rendered_objects__.ts');
const lines = [];
const objectAtLine = [];
typed.forEach(([object, module, type], index) => {
  lines.push(`import type { ${type} as T${index} } from ${JSON.stringify(module)};`);
});
typed.forEach(([object], index) => {
  for (const line of `export const object${index}: T${index} = ${JSON.stringify(object, null, 2)};`.split('\n')) {
    lines.push(line);
    objectAtLine[lines.length - 1] = nameOf(object);
  }
});
const source = lines.join('\n');
const options = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  types: [],
};
const host = ts.createCompilerHost(options);
const readFile = host.readFile.bind(host);
const fileExists = host.fileExists.bind(host);
const getSourceFile = host.getSourceFile.bind(host);
host.readFile = (name) => (name === virtualFile ? source : readFile(name));
host.fileExists = (name) => name === virtualFile || fileExists(name);
host.getSourceFile = (name, version, ...rest) =>
  name === virtualFile ? ts.createSourceFile(name, source, version) : getSourceFile(name, version, ...rest);
if (typed.length > 0) {
  const program = ts.createProgram([virtualFile], options, host);
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (diagnostic.file && diagnostic.file.fileName === virtualFile && diagnostic.start !== undefined) {
      const {line} = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      fail(objectAtLine[line] ?? 'types', `${message} (at: ${lines[line].trim()})`);
    } else {
      fail('types', message);
    }
  }
}

// --- 3. What this deployment promises ----------------------------------------

const byKind = (kind) => objects.filter((o) => o.kind === kind);
const matches = (selector, labels) =>
  Object.entries(selector ?? {}).length > 0 &&
  Object.entries(selector).every(([key, value]) => labels?.[key] === value);

const namespaces = byKind('Namespace');
for (const namespace of namespaces) {
  if (namespace.metadata?.labels?.['pod-security.kubernetes.io/enforce'] !== 'restricted') {
    fail(nameOf(namespace), 'does not enforce the Pod Security "restricted" level');
  }
}
const namespaceNames = new Set(namespaces.map((n) => n.metadata.name));
for (const object of objects) {
  if (object.kind === 'Namespace') continue;
  const namespace = object.metadata?.namespace;
  if (!namespace) fail(nameOf(object), 'has no namespace');
  else if (namespaces.length > 0 && !namespaceNames.has(namespace)) {
    fail(nameOf(object), `is in namespace ${namespace}, which this overlay does not create`);
  }
}

const deployments = byKind('Deployment');
if (deployments.length !== 1) fail(file, `expected one Deployment, found ${deployments.length}`);
for (const deployment of deployments) {
  const where = nameOf(deployment);
  const template = deployment.spec.template;
  const pod = template.spec;
  const podLabels = template.metadata?.labels;
  if (!matches(deployment.spec.selector?.matchLabels, podLabels)) fail(where, 'selector does not match its pods');

  // Pod Security Standards, "restricted" (and the baseline beneath it).
  if (pod.automountServiceAccountToken !== false) fail(where, 'automountServiceAccountToken is not false');
  for (const host of ['hostNetwork', 'hostPID', 'hostIPC']) if (pod[host]) fail(where, `${host} is set`);
  for (const volume of pod.volumes ?? []) if (volume.hostPath) fail(where, `hostPath volume ${volume.name}`);
  const podSecurity = pod.securityContext ?? {};
  const seccompOk = (s) => ['RuntimeDefault', 'Localhost'].includes(s?.seccompProfile?.type);
  for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
    const at = `${where} container ${container.name}`;
    const security = container.securityContext ?? {};
    if (security.allowPrivilegeEscalation !== false) fail(at, 'allowPrivilegeEscalation is not false');
    if (security.privileged) fail(at, 'is privileged');
    if (!(security.capabilities?.drop ?? []).includes('ALL')) fail(at, 'does not drop ALL capabilities');
    const added = (security.capabilities?.add ?? []).filter((c) => c !== 'NET_BIND_SERVICE');
    if (added.length > 0) fail(at, `adds capabilities ${added}`);
    if ((security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true) fail(at, 'runAsNonRoot is not true');
    if ((security.runAsUser ?? podSecurity.runAsUser) === 0) fail(at, 'runs as user 0');
    if (!seccompOk(security) && !seccompOk(podSecurity)) fail(at, 'no RuntimeDefault seccomp profile');
    if (security.readOnlyRootFilesystem !== true) fail(at, 'readOnlyRootFilesystem is not true');

    // Requests and limits.
    for (const bound of ['requests', 'limits']) {
      for (const resource of ['cpu', 'memory']) {
        if (container.resources?.[bound]?.[resource] === undefined) fail(at, `no ${resource} ${bound}`);
      }
    }
    // A pinned image: a registry path with a tag other than latest, or a digest.
    const image = container.image ?? '';
    const digest = /@sha256:[0-9a-f]{64}$/.test(image);
    const tag = /:([\w][\w.-]{0,127})$/.exec(image.replace(/^[^/]*\//, ''))?.[1];
    if (!image.includes('/')) fail(at, `image ${image} is not a registry path (not set by kustomize images:?)`);
    if (!digest && (!tag || tag === 'latest')) fail(at, `image ${image} is not pinned (tag or digest)`);
    if (!container.readinessProbe || !container.livenessProbe) fail(at, 'no readiness or liveness probe');
  }

  // Termination grace: the lame duck, then the drain, then a margin.
  const args = pod.containers[0].args ?? [];
  const lameDuck = args.map((a) => /^--lame_duck_seconds=(\d+)$/.exec(a)).find(Boolean);
  const grace = pod.terminationGracePeriodSeconds;
  if (!lameDuck) fail(where, 'no --lame_duck_seconds=N argument');
  else if (!(grace > Number(lameDuck[1]) + DRAIN_SECONDS)) {
    fail(where, `terminationGracePeriodSeconds ${grace} leaves no margin after the ${lameDuck[1]} s lame duck ` +
                `and the ${DRAIN_SECONDS} s drain`);
  }

  // Maximum connection age (service/main.cc: 1..86400 s when set, grace
  // 0..3600 s): required in production, where clients behind the L4 Service
  // must reconnect to reach new pods.
  const maxAge = args.map((a) => /^--max_connection_age_seconds=(\d+)$/.exec(a)).find(Boolean);
  const ageGrace = args.map((a) => /^--max_connection_age_grace_seconds=(\d+)$/.exec(a)).find(Boolean);
  const overlay = path.basename(file, '.yaml');
  if (overlay.startsWith('production') && !maxAge) {
    fail(where, 'no --max_connection_age_seconds=N argument in a production overlay');
  }
  if (maxAge && !(Number(maxAge[1]) >= 1 && Number(maxAge[1]) <= 86400)) {
    fail(where, `--max_connection_age_seconds=${maxAge[1]} is not 1..86400`);
  }
  if (ageGrace && !(Number(ageGrace[1]) <= 3600)) {
    fail(where, `--max_connection_age_grace_seconds=${ageGrace[1]} is not 0..3600`);
  }
  for (const arg of args) {
    if (arg.startsWith('--max_connection_age') && !/^--max_connection_age(_grace)?_seconds=\d+$/.test(arg)) {
      fail(where, `malformed argument ${arg}`);
    }
  }

  // Spread over nodes and zones.
  const spread = pod.topologySpreadConstraints ?? [];
  for (const key of ['kubernetes.io/hostname', 'topology.kubernetes.io/zone']) {
    const constraint = spread.find((c) => c.topologyKey === key);
    if (!constraint) fail(where, `no topology spread over ${key}`);
    else if (!matches(constraint.labelSelector?.matchLabels, podLabels)) {
      fail(where, `the spread over ${key} does not select its pods`);
    }
  }

  // Whatever aims at the pods must select them.
  const podPorts = new Set(pod.containers.flatMap((c) => (c.ports ?? []).map((p) => p.name)));
  const services = byKind('Service');
  if (!services.some((s) => s.spec.clusterIP === 'None')) fail(where, 'no headless Service');
  if (!services.some((s) => s.spec.clusterIP !== 'None')) fail(where, 'no normal (ClusterIP) Service');
  for (const service of services) {
    if (!matches(service.spec.selector, podLabels)) fail(nameOf(service), 'selector does not match the pods');
    for (const port of service.spec.ports) {
      if (typeof port.targetPort === 'string' && !podPorts.has(port.targetPort)) {
        fail(nameOf(service), `targetPort ${port.targetPort} is not a container port`);
      }
    }
  }
  const budgets = byKind('PodDisruptionBudget');
  if (budgets.length === 0) fail(where, 'no PodDisruptionBudget');
  for (const budget of budgets) {
    if (!matches(budget.spec.selector?.matchLabels, podLabels)) fail(nameOf(budget), 'selector does not match the pods');
  }
  const autoscalers = byKind('HorizontalPodAutoscaler');
  if (autoscalers.length === 0) fail(where, 'no HorizontalPodAutoscaler');
  for (const autoscaler of autoscalers) {
    const at = nameOf(autoscaler);
    if (autoscaler.apiVersion !== 'autoscaling/v2') fail(at, `apiVersion ${autoscaler.apiVersion}, not autoscaling/v2`);
    const target = autoscaler.spec.scaleTargetRef;
    if (target.kind !== 'Deployment' || target.name !== deployment.metadata.name) {
      fail(at, `scales ${target.kind}/${target.name}, not ${where}`);
    }
    if (!(autoscaler.spec.metrics ?? []).some((m) => m.type === 'Resource' && m.resource?.name === 'cpu')) {
      fail(at, 'does not scale on CPU');
    }
    if (!(autoscaler.spec.minReplicas <= autoscaler.spec.maxReplicas)) fail(at, 'minReplicas > maxReplicas');
    if (deployment.spec.replicas !== undefined) fail(where, 'sets replicas although an autoscaler owns the count');
  }
  for (const monitor of byKind('PodMonitor')) {
    if (!matches(monitor.spec.selector?.matchLabels, podLabels)) fail(nameOf(monitor), 'selector does not match the pods');
    for (const endpoint of monitor.spec.podMetricsEndpoints ?? []) {
      if (!podPorts.has(endpoint.port)) fail(nameOf(monitor), `port ${endpoint.port} is not a container port`);
    }
  }
}

const kinds = objects.map(nameOf).join(', ');
if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL ${failure}`);
  console.error(`${path.basename(file)}: ${failures.length} problem(s) in ${objects.length} objects`);
  process.exit(1);
}
console.log(`ok ${path.basename(file)}: ${objects.length} objects valid (${kinds})`);
