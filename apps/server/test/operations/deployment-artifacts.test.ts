// Issue 31: the image, compose file and Kubernetes manifests, checked without a container
// engine: they parse, start the service the way `npm run serve` does, probe routes that
// exist, and set only environment variables that apps/server/src/config.ts reads.
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { settingNames } from '../../src/config.ts'
import { startTestApp, type TestApp } from '../harness.ts'
import { root } from '../operations/processes.ts'

const read = (path: string) => readFileSync(`${root}${path}`, 'utf8')
const known = new Set(settingNames)

interface Container {
  name: string
  command?: string[]
  env?: { name: string; value?: string }[]
  ports?: { name: string; containerPort: number }[]
  livenessProbe?: { httpGet: { path: string; port: string } }
  readinessProbe?: { httpGet: { path: string; port: string } }
  startupProbe?: { httpGet: { path: string; port: string } }
  lifecycle?: { preStop?: { exec?: { command: string[] } } }
  resources?: { requests?: object; limits?: object }
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean }
}
interface Manifest {
  kind: string
  metadata: { name: string }
  data?: Record<string, string>
  stringData?: Record<string, string>
  spec?: {
    template?: {
      spec: {
        terminationGracePeriodSeconds?: number
        securityContext?: { runAsNonRoot?: boolean; runAsUser?: number }
        containers: Container[]
      }
    }
  }
}

const manifests: Manifest[] = readdirSync(`${root}deploy/kubernetes`)
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(read(`deploy/kubernetes/${file}`)).map((document) => {
      expect(document.errors, file).toEqual([])
      return document.toJS() as Manifest
    }),
  )
const ofKind = (kind: string) => manifests.filter((m) => m.kind === kind)
const containers = manifests.flatMap((m) => m.spec?.template?.spec.containers ?? [])

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => t?.close())

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile')
  const lines = dockerfile.split('\n').filter((line) => !line.startsWith('#'))

  it('runs node on the built service exactly as npm run serve does, as a non-root user', () => {
    const serve = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts
      .serve
    const cmd = lines.filter((line) => line.startsWith('CMD ')).at(-1) ?? ''
    expect((JSON.parse(cmd.slice(4)) as string[]).join(' ')).toBe(serve)
    const users = lines.filter((line) => line.startsWith('USER '))
    expect(users.at(-1)).toMatch(/^USER (node|[1-9]\d*)$/)
  })

  it('builds in one stage and runs in a slim one with production dependencies and no demo data', () => {
    expect(lines.filter((line) => /^FROM /.test(line))).toHaveLength(2)
    expect(dockerfile).toMatch(/^FROM .*slim AS runtime$/m)
    expect(dockerfile).toContain('npm ci --omit=dev')
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/healthz/)
    expect(dockerfile).not.toMatch(/DEMO_MODE|SEED_DEMO_DATA|--demo/)
    expect(dockerfile).toContain('NODE_ENV=production')
  })

  it("builds on .nvmrc's Node release, the one CI tests on", () => {
    const nodeVersion = /^ARG NODE_VERSION=(\S+)$/m.exec(dockerfile)?.[1]
    expect(nodeVersion).toBe(read('.nvmrc').trim())
    expect(dockerfile).toMatch(/^FROM node:\$\{NODE_VERSION\}-bookworm-slim AS build$/m)
    expect(dockerfile).toMatch(/^FROM node:\$\{NODE_VERSION\}-bookworm-slim AS runtime$/m)
  })

  it('has a software bill of materials npm can write (CycloneDX)', async () => {
    const { stdout } = await promisify(execFile)(
      'npm',
      ['sbom', '--sbom-format', 'cyclonedx', '--omit', 'dev'],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    )
    const sbom = JSON.parse(stdout) as { bomFormat: string; components: { name: string }[] }
    expect(sbom.bomFormat).toBe('CycloneDX')
    expect(sbom.components.map((component) => component.name)).toEqual(
      expect.arrayContaining(['fastify', 'intl-messageformat', 'pg']),
    )
  })

  it('is given a .dockerignore that keeps installed and built files out of the context', () => {
    const ignore = read('.dockerignore').split('\n')
    for (const entry of ['**/node_modules', '**/dist', '.git', 'data'])
      expect(ignore).toContain(entry)
  })
})

describe('the compose file', () => {
  const compose = parseAllDocuments(read('compose.yaml'))[0]?.toJS() as {
    services: Record<
      string,
      {
        command?: string[]
        environment?: Record<string, string>
        depends_on?: Record<string, { condition: string }>
      }
    >
  }

  it('brings up the portal, PostgreSQL, Redis, a mail catcher and a one-shot migration', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['mail', 'migrate', 'portal', 'postgres', 'redis'].sort(),
    )
    expect(compose.services.migrate?.command).toEqual([
      'node',
      'apps/server/dist/portal-admin.js',
      'migrate',
    ])
    expect(Object.keys(compose.services.migrate?.environment ?? {})).toEqual(['DATABASE_URL'])
    expect(compose.services.portal?.depends_on?.migrate).toEqual({
      condition: 'service_completed_successfully',
    })
    expect(compose.services.portal?.environment?.MIGRATE_ON_START).toBe('false')
  })

  it('sets only variables the service reads', () => {
    for (const name of ['portal', 'migrate']) {
      const unknown = Object.keys(compose.services[name]?.environment ?? {}).filter(
        (variable) => !known.has(variable),
      )
      expect(unknown, name).toEqual([])
    }
  })
})

describe('the Kubernetes manifests', () => {
  it('parse, and hold a Deployment, a migration Job and a Service', () => {
    expect(ofKind('Deployment')).toHaveLength(1)
    expect(ofKind('Job')).toHaveLength(1)
    expect(ofKind('Service')).toHaveLength(1)
  })

  it('probe routes the service really serves', async () => {
    const [deployment] = ofKind('Deployment')
    const [portal] = deployment?.spec?.template?.spec.containers ?? []
    const probes = [portal?.livenessProbe, portal?.readinessProbe, portal?.startupProbe]
    expect(probes.every(Boolean)).toBe(true)
    for (const probe of probes) {
      const path = probe?.httpGet.path ?? ''
      expect(['/healthz', '/readyz']).toContain(path)
      expect((await t.app.inject({ url: path })).statusCode).toBe(200)
      // The management port: METRICS_PORT, where server.ts answers the probes too.
      expect(portal?.ports?.find((p) => p.name === probe?.httpGet.port)?.containerPort).toBe(
        Number(portal?.env?.find((e) => e.name === 'METRICS_PORT')?.value),
      )
    }
  })

  it('pause before SIGTERM, bound resources and run as a non-root user', () => {
    const [deployment] = ofKind('Deployment')
    const pod = deployment?.spec?.template?.spec
    const [portal] = pod?.containers ?? []
    expect(portal?.lifecycle?.preStop?.exec?.command).toEqual(['sleep', '5'])
    const grace = Number(portal?.env?.find((e) => e.name === 'SHUTDOWN_GRACE_SECONDS')?.value)
    expect(pod?.terminationGracePeriodSeconds).toBeGreaterThan(5 + grace)
    expect(portal?.resources?.requests).toBeDefined()
    expect(portal?.resources?.limits).toBeDefined()
    for (const spec of manifests.flatMap((m) => (m.spec?.template ? [m.spec.template.spec] : []))) {
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 })
    }
    for (const container of containers) {
      expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false })
    }
  })

  it('migrate with DATABASE_URL alone', () => {
    const [job] = ofKind('Job')
    const [migrate] = job?.spec?.template?.spec.containers ?? []
    expect(migrate?.command).toEqual(['node', 'apps/server/dist/portal-admin.js', 'migrate'])
    expect(migrate?.env?.map((e) => e.name).sort()).toEqual(['DATABASE_URL', 'NODE_ENV'])
  })

  it('set only variables the service reads', () => {
    const names = [
      ...containers.flatMap((c) => (c.env ?? []).map((e) => e.name)),
      ...ofKind('ConfigMap').flatMap((m) => Object.keys(m.data ?? {})),
      ...ofKind('Secret').flatMap((m) => Object.keys(m.stringData ?? {})),
    ]
    expect(names.length).toBeGreaterThan(10)
    expect(names.filter((name) => !known.has(name))).toEqual([])
  })
})
