// Issue 41 (the manifest checks of issue 31, which read the plain files, moved here): the
// Kubernetes manifests as an operator applies them, rendered by `kubectl kustomize
// deploy/kubernetes/overlays/example` (offline, no cluster). They validate against the
// Kubernetes and Prometheus Operator schemas (kubernetes-models), start the service the way the
// image does, set the image once, roll the pods on a changed Secret or ConfigMap, and keep the
// pod spec an operator expects (no service links, no API token, spread across nodes).
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import {
  PrometheusRule,
  ServiceMonitor,
} from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1'
import { Deployment } from 'kubernetes-models/apps/v1'
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2'
import { Job } from 'kubernetes-models/batch/v1'
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1'
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1'
import { ConfigMap, Secret, Service, ServiceAccount } from 'kubernetes-models/v1'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, parseAllDocuments, stringify } from 'yaml'
import { loadConfig, settingNames } from '../../src/config.ts'
import { startTestApp, type TestApp } from '../harness.ts'
import { root } from '../operations/processes.ts'

const deployDir = `${root}deploy/kubernetes`
const overlay = 'overlays/example'
const known = new Set(settingNames)

interface Probe {
  httpGet: { path: string; port: string }
}
interface Container {
  name: string
  image: string
  command?: string[]
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string } } }[]
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[]
  ports?: { name: string; containerPort: number }[]
  livenessProbe?: Probe
  readinessProbe?: Probe
  startupProbe?: Probe
  lifecycle?: { preStop?: { exec?: { command: string[] } } }
  resources?: {
    requests?: { cpu?: string; memory?: string }
    limits?: { cpu?: string; memory?: string }
  }
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean }
}
interface PodSpec {
  serviceAccountName?: string
  automountServiceAccountToken?: boolean
  enableServiceLinks?: boolean
  terminationGracePeriodSeconds?: number
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number }
  topologySpreadConstraints?: {
    topologyKey: string
    whenUnsatisfiable: string
    maxSkew: number
    labelSelector?: { matchLabels?: Record<string, string> }
  }[]
  containers: Container[]
}
interface PolicyPort {
  port: string | number
  protocol?: string
}
interface Manifest {
  apiVersion: string
  kind: string
  metadata: { name: string; labels?: Record<string, string> }
  automountServiceAccountToken?: boolean
  data?: Record<string, string>
  spec?: {
    replicas?: number
    selector?: { matchLabels?: Record<string, string> }
    template?: { metadata?: { labels?: Record<string, string> }; spec: PodSpec }
    ports?: { name: string; port: number; targetPort: string | number }[]
    // NetworkPolicy
    podSelector?: { matchLabels?: Record<string, string> }
    ingress?: {
      from?: { namespaceSelector?: { matchLabels?: Record<string, string> } }[]
      ports?: PolicyPort[]
    }[]
    egress?: { ports?: PolicyPort[] }[]
    // ServiceMonitor
    endpoints?: { port: string; path: string }[]
    // PrometheusRule
    groups?: {
      rules: {
        alert: string
        expr: string
        for?: string
        labels?: { severity?: string }
        annotations?: { summary?: string }
      }[]
    }[]
    // HorizontalPodAutoscaler
    scaleTargetRef?: { kind: string; name: string }
    metrics?: { type: string; pods?: { metric: { name: string } }; resource?: { name: string } }[]
  }
}

// kubectl carries kustomize (`kubectl kustomize`). The components/ and `envs:` of the layout
// need kustomize v4 or later, in kubectl 1.21 and later.
const exec = promisify(execFile)
async function kubectl(...args: string[]): Promise<string> {
  try {
    return (await exec('kubectl', args, { maxBuffer: 16 * 1024 * 1024 })).stdout
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'kubectl was not found on PATH, and these tests render the manifests with `kubectl ' +
          "kustomize`. .ci/run installs Debian's kubernetes-client package when kubectl is " +
          'missing (apt-get install -y kubernetes-client, as root); any kubectl 1.21 or later will do.',
        { cause: error },
      )
    }
    throw new Error(`kubectl ${args.join(' ')} failed:\n${(error as { stderr?: string }).stderr}`, {
      cause: error,
    })
  }
}

/** Debian bookworm's kubernetes-client is kubectl 1.20, whose kustomize (v2) cannot. */
async function requireKustomizeV4() {
  const { clientVersion } = JSON.parse(await kubectl('version', '--client', '-o', 'json')) as {
    clientVersion: { major: string; minor: string; gitVersion: string }
  }
  const [major, minor] = [clientVersion.major, clientVersion.minor].map((n) => parseInt(n, 10))
  if (major === 1 && (minor ?? 0) < 21) {
    throw new Error(
      `kubectl ${clientVersion.gitVersion} carries kustomize v2, which cannot render the ` +
        'overlay (components/, `envs:`): install kubectl 1.21 or later (the kubectl package of ' +
        "Kubernetes' own apt repository; Debian bookworm's kubernetes-client is 1.20).",
    )
  }
}

async function render(dir: string): Promise<Manifest[]> {
  return parseAllDocuments(await kubectl('kustomize', dir)).map((document) => {
    expect(document.errors).toEqual([])
    return document.toJS() as Manifest
  })
}

/** A scratch copy of deploy/kubernetes, for edits an operator would make in theirs. */
const copies: string[] = []
function copyOfDeploy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-kubernetes-'))
  copies.push(dir)
  cpSync(deployDir, dir, { recursive: true })
  return dir
}
const editFile = (path: string, edit: (text: string) => string) =>
  writeFileSync(path, edit(readFileSync(path, 'utf8')))

const ofKind = (manifests: Manifest[], kind: string) => manifests.filter((m) => m.kind === kind)
const one = (manifests: Manifest[], kind: string, name?: string) => {
  const found = ofKind(manifests, kind).filter((m) => !name || m.metadata.name === name)
  expect(found, `${kind} ${name ?? ''}`).toHaveLength(1)
  return found[0] as Manifest
}
const podSpec = (manifest: Manifest) => manifest.spec?.template?.spec as PodSpec
const firstContainer = (manifest: Manifest) => podSpec(manifest).containers[0] as Container
const decode = (data: Record<string, string> = {}) =>
  Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, Buffer.from(value, 'base64').toString()]),
  )
const matches = (selector: Record<string, string> = {}, labels: Record<string, string> = {}) =>
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => labels[key] === value)

/**
 * kustomize folds a long base64 value of a Secret over lines; the API server's decoder (Go's
 * encoding/base64) skips the line breaks, the schema's "byte" format does not.
 */
const asSent = (manifest: Manifest): Manifest =>
  manifest.kind === 'Secret'
    ? {
        ...manifest,
        data: Object.fromEntries(
          Object.entries(manifest.data ?? {}).map(([key, value]) => [
            key,
            value.replace(/\s/g, ''),
          ]),
        ),
      }
    : manifest

const bytes = (quantity = '') => {
  const match = /^(\d+)(Ki|Mi|Gi|k|M|G)?$/.exec(quantity)
  if (!match) throw new Error(`not a memory quantity: ${quantity}`)
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, k: 1e3, M: 1e6, G: 1e9 }
  return Number(match[1]) * (match[2] ? unit[match[2] as keyof typeof unit] : 1)
}

let manifests: Manifest[]
let withHpa: Manifest[]
let t: TestApp
beforeAll(async () => {
  await requireKustomizeV4()
  manifests = await render(join(deployDir, overlay))
  const copy = copyOfDeploy()
  editFile(join(copy, overlay, 'kustomization.yaml'), (text) => {
    const kustomization = parse(text) as Record<string, unknown>
    return stringify({ ...kustomization, components: ['../../components/hpa'] })
  })
  withHpa = await render(join(copy, overlay))
  t = await startTestApp({ env: { METRICS_TOKEN: 'a-long-enough-metrics-token' } })
})
afterAll(async () => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true })
  await t?.close()
})

describe('the Kubernetes manifests (kubectl kustomize deploy/kubernetes/overlays/example)', () => {
  it('render the Deployment, the migration Job, the Service and what goes with them', () => {
    // The generators' names: program-portal-<hash of the content>.
    const names = manifests.map((m) =>
      `${m.kind}/${m.metadata.name}`.replace(
        /^((?:ConfigMap|Secret)\/program-portal)-[a-z0-9]{10}$/,
        '$1-<hash>',
      ),
    )
    expect(names.sort()).toEqual(
      [
        'ConfigMap/program-portal-<hash>',
        'Secret/program-portal-<hash>',
        'ServiceAccount/program-portal',
        'Deployment/program-portal',
        'Job/program-portal-migrate',
        'Service/program-portal',
        'PodDisruptionBudget/program-portal',
        'NetworkPolicy/program-portal',
        'NetworkPolicy/program-portal-migrate',
        'ServiceMonitor/program-portal',
        'PrometheusRule/program-portal',
      ].sort(),
    )
  })

  it('render with the optional autoscaler component: the hashing queue and CPU', () => {
    const hpa = one(withHpa, 'HorizontalPodAutoscaler')
    expect(hpa.spec?.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'program-portal' })
    expect(hpa.spec?.metrics?.map((m) => m.pods?.metric.name ?? m.resource?.name)).toEqual([
      'portal_password_hashes_waiting',
      'cpu',
    ])
    // The autoscaler owns the replica count: applying the manifests must not reset it.
    expect(one(withHpa, 'Deployment').spec?.replicas).toBeUndefined()
    expect(one(manifests, 'Deployment').spec?.replicas).toBe(2)
    // Everything else is as without it.
    expect(withHpa.filter((m) => m.kind !== 'HorizontalPodAutoscaler').length).toBe(
      manifests.length,
    )
  })

  it('validate against the Kubernetes and Prometheus Operator schemas, offline', () => {
    const models: Record<string, new (data: never) => { validate(): void }> = {
      'v1/ConfigMap': ConfigMap,
      'v1/Secret': Secret,
      'v1/Service': Service,
      'v1/ServiceAccount': ServiceAccount,
      'apps/v1/Deployment': Deployment,
      'batch/v1/Job': Job,
      'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
      'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
      'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
      'monitoring.coreos.com/v1/ServiceMonitor': ServiceMonitor,
      'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
    }
    for (const manifest of [...manifests, ...withHpa]) {
      const type = `${manifest.apiVersion}/${manifest.kind}`
      const Model = models[type]
      if (!Model) throw new Error(`no schema for ${type}: add its model here`)
      expect(() => new Model(asSent(manifest) as never).validate(), type).not.toThrow()
    }
    // The validators do check: a wrong type is refused.
    const deployment = structuredClone(one(manifests, 'Deployment'))
    Object.assign(deployment.spec ?? {}, { replicas: 'two' })
    expect(() => new Deployment(deployment as never).validate()).toThrow(/replicas/)
  })

  it('set the image once: one edit of the overlay changes the Deployment and the migrate Job', async () => {
    const images = (rendered: Manifest[]) =>
      ['Deployment', 'Job'].map((kind) => firstContainer(one(rendered, kind)).image)
    expect(images(manifests)).toEqual(Array(2).fill('registry.example.com/program-portal:1.0.0'))

    const copy = copyOfDeploy()
    editFile(join(copy, overlay, 'kustomization.yaml'), (text) =>
      text.replace(/^(\s+newTag:) 1\.0\.0$/m, '$1 1.4.0'),
    )
    const edited = await render(join(copy, overlay))
    expect(images(edited)).toEqual(Array(2).fill('registry.example.com/program-portal:1.4.0'))
    // And nothing else.
    expect(JSON.stringify(edited).replaceAll(':1.4.0', ':1.0.0')).toBe(JSON.stringify(manifests))
  })

  it('roll the pods when a secret or a setting changes: the generated names follow the content', async () => {
    const names = (rendered: Manifest[]) => {
      const deployment = firstContainer(one(rendered, 'Deployment'))
      const job = firstContainer(one(rendered, 'Job'))
      return {
        secret: one(rendered, 'Secret').metadata.name,
        configMap: one(rendered, 'ConfigMap').metadata.name,
        deploymentSecret: deployment.envFrom?.find((from) => from.secretRef)?.secretRef?.name,
        deploymentConfigMap: deployment.envFrom?.find((from) => from.configMapRef)?.configMapRef
          ?.name,
        jobSecret: job.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef?.name,
      }
    }
    const before = names(manifests)
    expect(before).toEqual({
      secret: before.secret,
      configMap: before.configMap,
      deploymentSecret: before.secret,
      deploymentConfigMap: before.configMap,
      jobSecret: before.secret,
    })

    const copy = copyOfDeploy()
    editFile(join(copy, overlay, 'secret.example.env'), (text) =>
      text.replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${randomBytes(32).toString('base64')}`),
    )
    const secretChanged = names(await render(join(copy, overlay)))
    expect(secretChanged.secret).not.toBe(before.secret)
    expect(secretChanged).toEqual({
      ...before,
      secret: secretChanged.secret,
      deploymentSecret: secretChanged.secret,
      jobSecret: secretChanged.secret,
    })

    editFile(join(copy, overlay, 'settings.env'), (text) =>
      text.replace(/^LOG_LEVEL=info$/m, 'LOG_LEVEL=warn'),
    )
    const settingChanged = names(await render(join(copy, overlay)))
    expect(settingChanged.configMap).not.toBe(before.configMap)
    expect(settingChanged.deploymentConfigMap).toBe(settingChanged.configMap)
  })

  it('probe routes the service really serves, on the management port only', async () => {
    const portal = firstContainer(one(manifests, 'Deployment'))
    const probes = [portal.livenessProbe, portal.readinessProbe, portal.startupProbe]
    expect(probes.every(Boolean)).toBe(true)
    for (const probe of probes) {
      const path = probe?.httpGet.path ?? ''
      expect(['/healthz', '/readyz']).toContain(path)
      expect((await t.app.inject({ url: path })).statusCode).toBe(200)
      // The management port: METRICS_PORT, where server.ts answers the probes too.
      expect(probe?.httpGet.port).toBe('management')
      expect(portal.ports?.find((p) => p.name === probe?.httpGet.port)?.containerPort).toBe(
        Number(portal.env?.find((e) => e.name === 'METRICS_PORT')?.value),
      )
    }
  })

  it('pause before SIGTERM, bound resources and run as a non-root user', () => {
    const deployment = one(manifests, 'Deployment')
    const pod = podSpec(deployment)
    const portal = firstContainer(deployment)
    expect(portal.lifecycle?.preStop?.exec?.command).toEqual(['sleep', '5'])
    const grace = Number(portal.env?.find((e) => e.name === 'SHUTDOWN_GRACE_SECONDS')?.value)
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(5 + grace)
    expect(portal.resources?.requests).toBeDefined()
    expect(portal.resources?.limits).toBeDefined()
    const specs = manifests.flatMap((m) => (m.spec?.template ? [m.spec.template.spec] : []))
    expect(specs).toHaveLength(2)
    for (const spec of specs) {
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 })
      for (const container of spec.containers) {
        expect(container.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
        })
      }
    }
  })

  it('request more memory than the service uses idle, and the migrate Job at its peak', () => {
    const { requests, limits } = firstContainer(one(manifests, 'Deployment')).resources ?? {}
    // Idle RSS with these settings: 301-315 MB measured (three starts), 289-340 MB in the
    // ecosystem review. A pod under its request is not the first evicted under node pressure.
    const highestIdle = 340e6
    expect(bytes(requests?.memory)).toBeGreaterThan(highestIdle * 1.1)
    expect(bytes(limits?.memory)).toBeGreaterThan(bytes(requests?.memory))
    // The migrate command's peak RSS: 311-314 MiB, 263 MiB of it anonymous (not reclaimable).
    const migrate = firstContainer(one(manifests, 'Job')).resources
    expect(bytes(migrate?.requests?.memory)).toBeGreaterThan(314 * 2 ** 20)
    expect(bytes(migrate?.limits?.memory)).toBeGreaterThan(bytes(migrate?.requests?.memory))
  })

  it('run without service links or an API token, spread across nodes and zones', () => {
    const account = one(manifests, 'ServiceAccount')
    expect(account.automountServiceAccountToken).toBe(false)
    for (const workload of [one(manifests, 'Deployment'), one(manifests, 'Job')]) {
      expect(podSpec(workload), workload.kind).toMatchObject({
        serviceAccountName: account.metadata.name,
        automountServiceAccountToken: false,
        enableServiceLinks: false,
      })
    }
    const deployment = one(manifests, 'Deployment')
    const spread = podSpec(deployment).topologySpreadConstraints ?? []
    const byKey = Object.fromEntries(spread.map((c) => [c.topologyKey, c]))
    expect(Object.keys(byKey).sort()).toEqual([
      'kubernetes.io/hostname',
      'topology.kubernetes.io/zone',
    ])
    expect(byKey['topology.kubernetes.io/zone']?.whenUnsatisfiable).toBe('ScheduleAnyway')
    for (const constraint of spread) {
      expect(constraint.maxSkew).toBe(1)
      expect(constraint.labelSelector?.matchLabels).toEqual(deployment.spec?.selector?.matchLabels)
    }
  })

  it('let in only the ingress path and monitoring, and out only to what the service uses', () => {
    const deployment = one(manifests, 'Deployment')
    const policy = one(manifests, 'NetworkPolicy', 'program-portal')
    const podLabels = deployment.spec?.template?.metadata?.labels
    expect(matches(policy.spec?.podSelector?.matchLabels, podLabels)).toBe(true)
    const ingress = (policy.spec?.ingress ?? []).map((rule) => ({
      ports: rule.ports?.map((p) => p.port),
      from: rule.from?.map(
        (f) => f.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'],
      ),
    }))
    expect(ingress).toEqual([
      { ports: ['http'], from: ['ingress-nginx'] },
      { ports: ['management'], from: ['monitoring'] },
    ])
    const portNames = firstContainer(deployment).ports?.map((p) => p.name)
    expect(portNames).toEqual(['http', 'management'])
    const egress = (policy.spec?.egress ?? []).flatMap((rule) =>
      (rule.ports ?? []).map((p) => `${p.port}/${p.protocol}`),
    )
    // DNS, PostgreSQL, Redis, SMTP (465, 587), the SMS provider (HTTPS).
    expect(egress.sort()).toEqual(
      ['53/UDP', '53/TCP', '5432/TCP', '6379/TCP', '465/TCP', '587/TCP', '443/TCP'].sort(),
    )

    const migrate = one(manifests, 'NetworkPolicy', 'program-portal-migrate')
    const jobLabels = one(manifests, 'Job').spec?.template?.metadata?.labels
    expect(matches(migrate.spec?.podSelector?.matchLabels, jobLabels)).toBe(true)
    expect(matches(migrate.spec?.podSelector?.matchLabels, podLabels)).toBe(false)
    expect(migrate.spec?.ingress ?? []).toEqual([])
  })

  it("scrape /metrics on the management port and alert on the README's conditions", async () => {
    const service = one(manifests, 'Service')
    const monitor = one(manifests, 'ServiceMonitor')
    expect(matches(monitor.spec?.selector?.matchLabels, service.metadata.labels)).toBe(true)
    const [endpoint] = monitor.spec?.endpoints ?? []
    expect(endpoint).toMatchObject({ port: 'management', path: '/metrics' })
    expect(service.spec?.ports?.find((p) => p.name === endpoint?.port)?.targetPort).toBe(
      'management',
    )

    const rules = (one(manifests, 'PrometheusRule').spec?.groups ?? []).flatMap((g) => g.rules)
    expect(rules.map((rule) => rule.alert)).toEqual([
      'PortalDatabaseDown',
      'PortalOutboxStalled',
      'PortalOutboxDeadLetters',
      'PortalDatabasePoolWaiting',
      'PortalHighErrorRate',
    ])
    for (const rule of rules) {
      expect(rule.for, rule.alert).toMatch(/^\d+m$/)
      expect(['warning', 'critical'], rule.alert).toContain(rule.labels?.severity)
      expect(rule.annotations?.summary, rule.alert).toBeTruthy()
    }
    const expressions = rules.map((rule) => rule.expr).join('\n')
    expect(expressions).toContain('portal_dependency_up{dependency="database"}')
    expect(expressions).toContain('portal_outbox_oldest_pending_age_seconds')
    expect(expressions).toContain('portal_outbox_dead_letters) > 0')
    expect(expressions).toContain('portal_db_pool_connections{state="waiting"}')
    expect(expressions).toContain('portal_http_request_duration_seconds_count{status_code=~"5.."}')

    // Every series the rules and the autoscaler name is one the service exports.
    const exported = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer a-long-enough-metrics-token' },
    })
    expect(exported.statusCode).toBe(200)
    const families = new Set(
      [...exported.body.matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1] as string),
    )
    const hpaMetrics = (one(withHpa, 'HorizontalPodAutoscaler').spec?.metrics ?? []).flatMap((m) =>
      m.pods ? [m.pods.metric.name] : [],
    )
    const named = [...expressions.matchAll(/\bportal_\w+/g)].map((match) => match[0])
    for (const series of [...named, ...hpaMetrics]) {
      expect(families, series).toContain(series.replace(/_(count|sum|bucket)$/, ''))
    }
  })

  it('migrate with DATABASE_URL alone', () => {
    const migrate = firstContainer(one(manifests, 'Job'))
    expect(migrate.command).toEqual(['node', 'apps/server/dist/portal-admin.js', 'migrate'])
    expect(migrate.env?.map((e) => e.name).sort()).toEqual(['DATABASE_URL', 'NODE_ENV'])
  })

  it('set only variables the service reads', () => {
    const containers = manifests.flatMap((m) => m.spec?.template?.spec.containers ?? [])
    const names = [
      ...containers.flatMap((c) => (c.env ?? []).map((e) => e.name)),
      ...ofKind(manifests, 'ConfigMap').flatMap((m) => Object.keys(m.data ?? {})),
      ...ofKind(manifests, 'Secret').flatMap((m) => Object.keys(m.data ?? {})),
    ]
    expect(names.length).toBeGreaterThan(10)
    expect(names.filter((name) => !known.has(name))).toEqual([])
  })

  it('ship placeholder secrets that production refuses, and start once they are replaced', () => {
    const portal = firstContainer(one(manifests, 'Deployment'))
    const env: Record<string, string> = {
      ...one(manifests, 'ConfigMap').data,
      ...decode(one(manifests, 'Secret').data),
      ...Object.fromEntries((portal.env ?? []).map((e) => [e.name, e.value ?? ''])),
    }
    const placeholders = ['SESSION_SECRET', 'PL_HANDOFF_KEY', 'PL_HANDOFF_MAC_KEY']
    let refusal = ''
    try {
      loadConfig(env)
    } catch (error) {
      refusal = String(error)
    }
    for (const name of placeholders) expect(refusal).toContain(name)

    const random = Object.fromEntries(
      placeholders.map((name) => [name, randomBytes(32).toString('base64')]),
    )
    expect(loadConfig({ ...env, ...random })).toMatchObject({ env: 'production', isDemo: false })
  })
})
