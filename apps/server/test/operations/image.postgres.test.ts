// Issue 41: the image as shipped, proven without a container engine. The Dockerfile's stages
// are replayed on a clean build context (image-replay.ts), then the image is run as compose
// and the Kubernetes manifests run it: the migration one-shot, then the CMD, each as the
// image's user, PID 1, on a read-only filesystem, with the image's ENV and compose's settings.
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, chmod } from 'node:fs/promises'
import { isBuiltin } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { smtpReceiver } from '../smtp-receiver.ts'
import { cleanUp, createDatabase, root, until } from './processes.ts'
import { replayDockerfile, startContainer, substitute, type ReplayedImage } from './image-replay.ts'

interface ComposeService {
  command?: string[]
  environment?: Record<string, string>
}
const compose = parseAllDocuments(
  await readFile(join(root, 'compose.yaml'), 'utf8'),
)[0]?.toJS() as {
  services: Record<string, ComposeService>
}

/** A port free now on loopback. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

/**
 * A compose service's environment as `docker compose up` would give it: `${X:-default}` takes
 * the default, a required `${X:?…}` a fresh random value (compose refuses to start without
 * one), and the compose network's hosts are replaced by this machine's.
 */
function composeEnvironment(service: string, hosts: Record<string, string>) {
  const environment: Record<string, string> = {}
  for (const [name, value] of Object.entries(compose.services[service]?.environment ?? {})) {
    const given = String(value).replace(/\$\{\w+:\?[^}]*\}/g, () =>
      randomBytes(32).toString('base64'),
    )
    environment[name] = hosts[name] ?? substitute(given, {})
  }
  return environment
}

const build = {
  BUILD_VERSION: '9.8.7',
  BUILD_COMMIT: 'abc1234',
  BUILD_DATE: '2030-01-02T03:04:05Z',
}
const scratch = await mkdtemp(join(tmpdir(), 'portal-image-'))
let image: ReplayedImage
let smtp: Awaited<ReturnType<typeof smtpReceiver>>

beforeAll(async () => {
  // The image's user must reach its files through this folder, as it would through `/`.
  await chmod(scratch, 0o755)
  image = await replayDockerfile(root, scratch, build)
  smtp = await smtpReceiver()
}, 600_000)

afterAll(async () => {
  await smtp?.close()
  await cleanUp()
  await rm(scratch, { recursive: true, force: true })
})

describe('the image', () => {
  it("is built on .nvmrc's Node", async () => {
    expect(image.nodeVersion).toBe((await readFile(join(root, '.nvmrc'), 'utf8')).trim())
  })

  it('carries the build arguments in its OCI labels and its environment', () => {
    expect(image.labels).toMatchObject({
      'org.opencontainers.image.version': build.BUILD_VERSION,
      'org.opencontainers.image.revision': build.BUILD_COMMIT,
      'org.opencontainers.image.created': build.BUILD_DATE,
      'org.opencontainers.image.title': 'Program Portal',
    })
    expect(image.env).toMatchObject({ BUILD_VERSION: '9.8.7', BUILD_COMMIT: 'abc1234' })
  })

  it('holds every package the built service and portal-admin import', async () => {
    const bundles = ['apps/server/dist/server.js', 'apps/server/dist/portal-admin.js']
    const imported = new Set<string>()
    for (const bundle of bundles) {
      const code = await readFile(join(image.root, image.workdir, bundle), 'utf8')
      for (const [, specifier = ''] of code.matchAll(
        /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'./][^"']*)["']/g,
      )) {
        if (!isBuiltin(specifier)) imported.add(specifier)
      }
    }
    // The contract's own packages are what the first shipped image lacked.
    expect(imported).toContain('intl-messageformat')
    expect(imported).toContain('fastify')
    const missing = []
    for (const specifier of imported) {
      const probe = startContainer(
        image,
        ['node', '--input-type=module', '-e', `import.meta.resolve(${JSON.stringify(specifier)})`],
        {},
      )
      if ((await probe.exited) !== 0) missing.push(specifier)
    }
    expect(missing).toEqual([])
  })

  it('migrates, starts as its CMD, serves the login page and its script, and stops on SIGTERM', async () => {
    const databaseUrl = await createDatabase('empty')
    const migrate = compose.services.migrate?.command ?? []
    expect(migrate.length).toBeGreaterThan(0)
    const migration = startContainer(image, migrate, { DATABASE_URL: databaseUrl })
    expect(await migration.exited, migration.output.join('\n')).toBe(0)
    expect(migration.output.join('\n')).toMatch(/Applied \d+ migration/)

    const [port, metricsPort] = [await freePort(), await freePort()]
    const portal = startContainer(image, image.cmd, {
      ...composeEnvironment('portal', {
        DATABASE_URL: databaseUrl,
        REDIS_URL: 'redis://127.0.0.1:6379',
        SMTP_URL: smtp.url,
      }),
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
    })
    const logs = () => portal.output.join('\n')
    try {
      const readiness = await until(async () => {
        if (portal.output.some((line) => line.includes('Cannot start'))) throw new Error(logs())
        const answer = await fetch(`http://127.0.0.1:${metricsPort}/readyz`).catch(() => undefined)
        return answer?.status === 200 ? answer : undefined
      }, 60_000)
      expect(((await readiness.json()) as { status: string }).status).toMatch(/ready|degraded/)

      const page = await fetch(`http://127.0.0.1:${port}/usweb/login`)
      expect(page.status).toBe(200)
      const html = await page.text()
      const script = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1]
      expect(script, html).toBeDefined()
      const code = await fetch(new URL(script ?? '', `http://127.0.0.1:${port}/usweb/login`))
      expect(code.status).toBe(200)
      expect(code.headers.get('content-type')).toMatch(/javascript/)
      // The login page the service renders (decision 0026): its renderer (dist-ssr, carrying
      // the React it uses) loads in the image and draws the form into the page.
      const rendered = await (await fetch(`http://127.0.0.1:${port}/proliability/login`)).text()
      expect(rendered).toMatch(/<div id="root" data-rendered[^>]*>.*<form class="login-form"/s)
      expect(logs()).not.toMatch(/renderer could not be loaded|login page render failed/)
      // Production: nothing of the demo is served.
      expect((await fetch(`http://127.0.0.1:${port}/dev/outbox`)).status).toBe(404)
    } finally {
      await portal.signal('SIGTERM')
    }
    expect(await portal.exited, logs()).toBe(0)
    if (portal.isIsolated) expect(logs()).toMatch(/"pid":1\b/)
    expect(logs()).toMatch(/"msg":"stopped"/)
  })
})
