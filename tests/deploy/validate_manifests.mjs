// Validates the Kubernetes objects of one rendered overlay (the YAML stream of
// `kubectl kustomize deploy/kubernetes/overlays/NAME`), offline:
//   1. schemas: each object against the JSON schema of its apiVersion/kind
//      (npm kubernetes-models, generated from the Kubernetes OpenAPI; the
//      PodMonitor from @kubernetes-models/prometheus-operator, the Certificate
//      from @kubernetes-models/cert-manager): types,
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
//      Service reconnect and spread over new pods); HTTP probes on the
//      metrics port (/readyz, /healthz: they work with TLS on); the metrics
//      port on a Service of its own; a NetworkPolicy letting in only
//      labelled clients (gRPC) and the monitoring namespace (metrics); with
//      TLS (the overlays named *tls*), the certificate, key and client CA
//      (*mtls*) mounted read-only from a Secret, which the Certificate of the
//      cert-manager overlays (*cert-manager*) issues for the Services' names;
//      the access log on (--access_log=errors|all, a valid sample).
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
  if (apiVersion === 'cert-manager.io/v1') return '@kubernetes-models/cert-manager/cert-manager.io/v1';
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

  // Probes: plain HTTP on the metrics port (service/probes.h), which answers
  // whether or not the gRPC port uses TLS.
  const server = pod.containers[0];
  const portNumber = (port) =>
    typeof port === 'number' ? port : (server.ports ?? []).find((p) => p.name === port)?.containerPort;
  const metricsPort = portNumber('metrics');
  const grpcPort = portNumber('grpc');
  const httpPort = portNumber('http');  // the API over HTTP/1.1 (Connect), when the pod declares it
  if (metricsPort === undefined || grpcPort === undefined) fail(where, 'no container ports named grpc and metrics');
  for (const [probe, wanted] of [['readinessProbe', '/readyz'], ['livenessProbe', '/healthz']]) {
    const http = server[probe]?.httpGet;
    if (!http) fail(where, `${probe} is not an httpGet probe (a gRPC probe fails once TLS is on)`);
    else {
      if (http.path !== wanted) fail(where, `${probe} asks ${http.path}, not ${wanted}`);
      if (portNumber(http.port) !== metricsPort) fail(where, `${probe} is not on the metrics port`);
      if ((http.scheme ?? 'HTTP') !== 'HTTP') fail(where, `${probe} scheme ${http.scheme}: the metrics port is plain HTTP`);
    }
  }

  // The metrics port on its own Service; the API Services without it.
  const servicePorts = (service) => service.spec.ports.map((p) => portNumber(p.targetPort ?? p.port));
  const metricsServices = byKind('Service').filter((s) => servicePorts(s).includes(metricsPort));
  if (metricsServices.length !== 1) fail(where, `${metricsServices.length} Services expose the metrics port, not 1`);
  for (const service of metricsServices) {
    if (servicePorts(service).some((p) => p !== metricsPort)) {
      fail(nameOf(service), 'exposes the metrics port beside other ports (it belongs on a Service of its own)');
    }
  }

  // NetworkPolicy: gRPC from labelled clients, metrics from the monitoring
  // namespace, nothing else.
  const policies = byKind('NetworkPolicy').filter((p) => matches(p.spec.podSelector?.matchLabels, podLabels));
  if (policies.length !== 1) fail(where, `${policies.length} NetworkPolicies select the pods, not 1`);
  for (const policy of policies) {
    const at = nameOf(policy);
    if (!(policy.spec.policyTypes ?? []).includes('Ingress')) fail(at, 'does not restrict ingress');
    const allowed = {grpc: 0, metrics: 0};
    for (const rule of policy.spec.ingress ?? []) {
      if (!rule.ports || rule.ports.length === 0) fail(at, 'an ingress rule opens every port');
      if (!rule.from || rule.from.length === 0) fail(at, 'an ingress rule admits every source');
      for (const port of rule.ports ?? []) {
        const number = portNumber(port.port);
        const from = rule.from ?? [];
        if (number === grpcPort || (httpPort !== undefined && number === httpPort)) {
          allowed.grpc += 1;
          for (const peer of from) {
            if (peer.podSelector?.matchLabels?.['carcassonne-referee-client'] !== 'true' || peer.ipBlock) {
              fail(at, 'the gRPC port admits a peer that is not a pod labelled carcassonne-referee-client: "true"');
            }
          }
        } else if (number === metricsPort) {
          allowed.metrics += 1;
          for (const peer of from) {
            if (peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] !== 'monitoring' || peer.ipBlock) {
              fail(at, 'the metrics port admits a peer outside the monitoring namespace');
            }
          }
        } else {
          fail(at, `admits port ${port.port}, which is neither grpc, http nor metrics`);
        }
      }
    }
    if (allowed.grpc === 0) fail(at, 'admits no client to the gRPC port');
    if (allowed.metrics === 0) fail(at, 'admits no scraper to the metrics port');
  }

  // TLS: the files from a Secret mounted read-only; the Certificate (if any)
  // writes that Secret, for the Services' names.
  const flag = (name) => (server.args ?? []).map((a) => new RegExp(`^--${name}=(.+)$`).exec(a)?.[1]).find(Boolean);
  const overlayName = path.basename(file, '.yaml');
  const tlsFiles = {
    tls_certificate: flag('tls_certificate'),
    tls_private_key: flag('tls_private_key'),
    tls_client_ca: flag('tls_client_ca'),
  };
  if (overlayName.includes('tls') && (!tlsFiles.tls_certificate || !tlsFiles.tls_private_key)) {
    fail(where, 'a TLS overlay without --tls_certificate and --tls_private_key');
  }
  if (overlayName.includes('mtls') && !tlsFiles.tls_client_ca) fail(where, 'an mTLS overlay without --tls_client_ca');
  if (!overlayName.includes('tls') && Object.values(tlsFiles).some(Boolean)) {
    fail(where, 'TLS flags in an overlay not named for TLS');
  }
  const mountedSecrets = new Set();
  for (const [name, file] of Object.entries(tlsFiles)) {
    if (!file) continue;
    const mount = (server.volumeMounts ?? []).find((m) => file.startsWith(`${m.mountPath.replace(/\/$/, '')}/`));
    if (!mount) {
      fail(where, `--${name}=${file} is in no mounted volume`);
      continue;
    }
    if (mount.readOnly !== true) fail(where, `the volume ${mount.name} of --${name} is not mounted read-only`);
    const secret = (pod.volumes ?? []).find((v) => v.name === mount.name)?.secret;
    if (!secret) fail(where, `the volume ${mount.name} of --${name} is not a Secret`);
    else {
      mountedSecrets.add(secret.secretName);
      if ((secret.defaultMode ?? 0o644) & 0o007) fail(where, `the Secret ${secret.secretName} is readable by others`);
      const key = file.slice(mount.mountPath.replace(/\/$/, '').length + 1);
      if (secret.items && !secret.items.some((item) => item.path === key)) {
        fail(where, `--${name}: the Secret's items do not include ${key}`);
      }
    }
  }
  if (mountedSecrets.size > 0 && (pod.securityContext?.fsGroup === undefined)) {
    fail(where, 'TLS files mounted without an fsGroup: the non-root server could not read them');
  }
  const certificates = byKind('Certificate');
  if (overlayName.includes('cert-manager') && certificates.length === 0) fail(where, 'a cert-manager overlay without a Certificate');
  for (const certificate of certificates) {
    const at = nameOf(certificate);
    if (!mountedSecrets.has(certificate.spec.secretName)) {
      fail(at, `writes the Secret ${certificate.spec.secretName}, which the pods do not mount`);
    }
    const namespace = certificate.metadata.namespace;
    for (const service of byKind('Service')) {
      const fqdn = `${service.metadata.name}.${namespace}.svc.cluster.local`;
      const isApi = servicePorts(service).includes(grpcPort);
      if (isApi && !(certificate.spec.dnsNames ?? []).includes(fqdn)) fail(at, `does not name ${fqdn}`);
    }
    if (!(certificate.spec.usages ?? ['server auth']).includes('server auth')) fail(at, 'is not for server auth');
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

  // The access log on (service/access_log.h: off|errors|all, sample 1..1000000).
  const accessLog = args.map((a) => /^--access_log=(.*)$/.exec(a)?.[1]).find((v) => v !== undefined);
  const accessSample = args.map((a) => /^--access_log_sample=(.*)$/.exec(a)?.[1]).find((v) => v !== undefined);
  if (!['errors', 'all'].includes(accessLog)) fail(where, `--access_log=${accessLog}: the overlays turn the access log on (errors or all)`);
  if (accessSample !== undefined && !(/^\d+$/.test(accessSample) && Number(accessSample) >= 1 && Number(accessSample) <= 1000000)) {
    fail(where, `--access_log_sample=${accessSample} is not 1..1000000`);
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
