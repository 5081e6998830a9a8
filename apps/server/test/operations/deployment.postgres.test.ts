// Issue 31: the image's start command, run as the image runs it (node on the built dist,
// NODE_ENV=production, every required setting), on a private PostgreSQL cluster that the test
// starts, stops and pauses itself. `npm test` builds first; run `npm run build` before
// running this file alone.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer, type AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, root, until } from '../operations/processes.ts'
import { freePort, startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts'
import { smtpReceiver } from '../smtp-receiver.ts'

const serverJs = `${root}apps/server/dist/server.js`
const adminJs = `${root}apps/server/dist/portal-admin.js`
const preload = `${root}apps/server/dist/thread-pool.cjs`

let cluster: PrivatePostgres
let smtp: Awaited<ReturnType<typeof smtpReceiver>>
const started: Built[] = []

beforeAll(async () => {
  if (!existsSync(serverJs))
    throw new Error('apps/server/dist is missing: run `npm run build` first')
  cluster = await startPrivatePostgres()
  smtp = await smtpReceiver()
}, 120_000)

afterAll(async () => {
  cluster?.resume()
  await Promise.all(started.map((s) => s.stop()))
  await smtp?.close()
  cluster?.destroy()
}, 120_000)

let databases = 0
function newDatabase(): string {
  const name = `deploy_${process.pid}_${databases++}`
  cluster.createDatabase(name)
  return cluster.url(name)
}

/** Everything production requires, valid; the receivers on loopback. */
function productionEnv(databaseUrl: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('base64'),
    PL_HANDOFF_KEY: randomBytes(32).toString('base64'),
    PL_HANDOFF_MAC_KEY: randomBytes(32).toString('base64'),
    MAIN_SITE_URL: 'https://www.example.com/usweb/',
    PL_POLICY_APP_URL: 'https://policy.example.com/app/',
    PRIVACY_POLICY_URL: 'https://association.example.com/privacy',
    TERMS_OF_USE_URL: 'https://association.example.com/terms',
    CONSULTING_FIRM_URL: 'https://consulting.example.com/',
    POLICY_HIGHLIGHTS_URL: 'https://augustar.example.com/highlights',
    LIVE_CHAT_URL: 'https://chat.example.com/',
    MFA_FAQ_URL: 'https://help.example.com/mfa',
    WEBAUTHN_RP_ID: 'portal.example.com',
    WEBAUTHN_ORIGINS: 'https://portal.example.com',
    SMTP_URL: smtp.url,
    SMS_PROVIDER_URL: 'http://127.0.0.1:9/sms',
    ALLOW_LOOPBACK_HTTP: 'true',
  }
}

interface Built {
  child: ChildProcess
  url: string
  logs: string[]
  exit: Promise<number | null>
  stop(): Promise<void>
}

function spawnBuilt(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  let buffered = ''
  const listeners: ((line: string) => void)[] = []
  const read = (chunk: Buffer) => {
    buffered += chunk.toString()
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) {
      logs.push(line)
      for (const listener of listeners) listener(line)
    }
  }
  child.stdout.on('data', read)
  child.stderr.on('data', read)
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (buffered) logs.push(buffered)
      resolve(code)
    }),
  )
  return {
    child,
    logs,
    exit,
    onLine: (listener: (line: string) => void) => listeners.push(listener),
  }
}

/** The image's CMD: node with the thread-pool preload on the built server. */
function startBuilt(env: Record<string, string>): Promise<Built> {
  const run = spawnBuilt(['--require', preload, serverJs], env)
  const built = (url: string): Built => ({
    ...run,
    url,
    stop: async () => {
      if (run.child.exitCode === null) run.child.kill('SIGTERM')
      await run.exit
    },
  })
  return new Promise((resolve, reject) => {
    run.onLine((line) => {
      const listening = /Program Portal on (http:\/\/[^/\s]+)\/usweb\/login/.exec(line)
      if (listening?.[1]) {
        const service = built(listening[1])
        started.push(service)
        resolve(service)
      }
    })
    void run.exit.then((code) =>
      reject(new Error(`service exited (${code}) before listening:\n${run.logs.join('\n')}`)),
    )
  })
}

/** Runs the built command to its end (with a deadline) and answers its exit code and output. */
async function runBuilt(args: string[], env: Record<string, string>, ms = 30_000) {
  const run = spawnBuilt(args, env)
  const timer = setTimeout(() => run.child.kill('SIGKILL'), ms)
  const code = await run.exit
  clearTimeout(timer)
  return { code, output: run.logs.join('\n') }
}

async function timed<T>(action: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now()
  const value = await action()
  return { value, ms: performance.now() - start }
}

const seriesOfAnOutage = [
  'portal_outbox_depth',
  'portal_outbox_oldest_pending_age_seconds',
  'portal_outbox_dead_letters',
  'portal_database_sample_age_seconds',
  'portal_db_pool_connections{state="total"}',
  'portal_password_hashes_running',
  'portal_password_hashes_waiting',
  'portal_dependency_up{dependency="database"}',
  'portal_build_info{version=',
  'portal_sign_ins_total',
]

describe('the image start command (node on the built dist, production)', () => {
  it('serves, reports its dependencies, warns once at start, and exits on SIGTERM within the grace period', async () => {
    const redisPort = await freePort() // nothing listens there
    const service = await startBuilt({
      ...productionEnv(newDatabase()),
      METRICS_PORT: '0',
      SHUTDOWN_GRACE_SECONDS: '5',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_URI: 'redis://typo',
      BUILD_VERSION: '9.9.9',
      BUILD_COMMIT: 'abc1234',
    })
    const management = /management on (http:\/\/\S+) /.exec(service.logs.join('\n'))?.[1]
    expect(management).toBeDefined()
    expect((await fetch(`${management}/healthz`)).status).toBe(200)
    const ready = await fetch(`${management}/readyz`)
    expect(ready.status).toBe(200) // Redis away: degraded, still serving
    const readiness = (await ready.json()) as { status: string; checks: object[] }
    expect(readiness.status).toBe('degraded')
    expect(readiness.checks).toEqual(
      expect.arrayContaining([
        { name: 'database', status: 'up', isRequired: true },
        expect.objectContaining({ name: 'redis', status: 'down', isRequired: false }),
        { name: 'smtp', status: 'up', isRequired: false },
      ]),
    )
    const scrape = await (await fetch(`${management}/metrics`)).text()
    expect(scrape).toContain('portal_dependency_up{dependency="redis"} 0')
    expect(scrape).toContain('portal_dependency_up{dependency="smtp"} 1')
    expect(scrape).toMatch(
      /portal_build_info\{version="9\.9\.9",commit="abc1234",node="v[\d.]+"\} 1/,
    )
    const logs = service.logs.join('\n')
    expect(logs.match(/REDIS_URL: Redis unreachable at start/g)).toHaveLength(1)
    expect(logs).toContain(
      'REDIS_URI: not a setting of this service, ignored (did you mean REDIS_URL?)',
    )

    const { value: code, ms } = await timed(async () => {
      service.child.kill('SIGTERM')
      return service.exit
    })
    expect(code).toBe(0)
    expect(ms).toBeLessThan(5_000)
    console.info(`measured: SIGTERM to exit (healthy) ${Math.round(ms)} ms`)
    expect(service.logs.join('\n')).toContain('shutting down')
  })

  it('names every missing setting at once, and a refused database or a used port in one line', async () => {
    const env = productionEnv(cluster.url('postgres'))
    const { SMTP_URL, SESSION_SECRET, MAIN_SITE_URL, ...missingThree } = env
    void [SMTP_URL, SESSION_SECRET, MAIN_SITE_URL]
    const missing = await runBuilt(['--require', preload, serverJs], missingThree)
    expect(missing.code).toBe(1)
    expect(missing.output).toContain('Invalid configuration (3 problems):')
    for (const name of ['SMTP_URL', 'SESSION_SECRET', 'MAIN_SITE_URL']) {
      expect(missing.output).toMatch(new RegExp(`^  ${name}: required`, 'm'))
    }
    expect(missing.output).not.toMatch(/\n\s+at /)

    // H3: no MAC key, no start, unless the unsigned spec token is accepted in so many words.
    const { PL_HANDOFF_MAC_KEY, ...unsigned } = env
    void PL_HANDOFF_MAC_KEY
    const noMacKey = await runBuilt(['--require', preload, serverJs], unsigned)
    expect(noMacKey.code).toBe(1)
    expect(noMacKey.output).toMatch(/^ {2}PL_HANDOFF_MAC_KEY: required in production/m)

    const closedPort = await freePort()
    const refused = await runBuilt(['--require', preload, serverJs], {
      ...env,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/portal`,
    })
    expect(refused.code).toBe(1)
    expect(refused.output.trim()).toMatch(
      /^Cannot start: DATABASE_URL: the database server refused the connection .*\(ECONNREFUSED\)$/,
    )

    const unknownDatabase = await runBuilt(['--require', preload, serverJs], {
      ...env,
      DATABASE_URL: cluster.url('no_such_database'),
    })
    expect(unknownDatabase.code).toBe(1)
    expect(unknownDatabase.output.trim()).toBe(
      'Cannot start: DATABASE_URL: the database does not exist (create it, or fix the name in the URL) (3D000)',
    )

    // As the shipped compose file and manifests start it: migrations apart, so the first
    // statement is not the migration's.
    for (const [url, said] of [
      [`postgres://postgres@127.0.0.1:${closedPort}/portal`, /refused the connection/],
      [cluster.url('no_such_database'), /the database does not exist/],
    ] as const) {
      const apart = await runBuilt(['--require', preload, serverJs], {
        ...env,
        DATABASE_URL: url,
        MIGRATE_ON_START: 'false',
      })
      expect(apart.code).toBe(1)
      expect(apart.output.trim()).toMatch(
        new RegExp(`^Cannot start: DATABASE_URL: .*${said.source}`),
      )
      expect(apart.output.trim().split('\n')).toHaveLength(1)
    }

    // This one runs with the unsigned spec token accepted: it says so when it starts.
    const { PL_HANDOFF_MAC_KEY: _macKey, ...unsignedEnv } = productionEnv(newDatabase())
    const holder = await startBuilt({ ...unsignedEnv, PL_HANDOFF_ALLOW_UNSIGNED: 'true' })
    await until(() =>
      holder.logs.some((line) => line.includes('PL_HANDOFF_MAC_KEY is not set')) ? true : undefined,
    )
    const port = new URL(holder.url).port
    const inUse = await runBuilt(['--require', preload, serverJs], {
      ...productionEnv(newDatabase()),
      PORT: port,
    })
    expect(inUse.code).toBe(1)
    expect(inUse.output).toContain(`Cannot start: PORT: 127.0.0.1:${port} is already in use`)
    expect(inUse.output).not.toMatch(/\n\s+at /)
    await holder.stop()
  }, 90_000)

  it('stops at once on SIGTERM while it waits for the database at start-up', async () => {
    // A database that takes the connection and never answers: start-up waits on it.
    let isWaiting = false
    const silent = createServer(() => (isWaiting = true))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    const run = spawnBuilt(['--require', preload, serverJs], {
      ...productionEnv(`postgres://postgres@127.0.0.1:${port}/portal`),
      DB_CONNECT_TIMEOUT_SECONDS: '60',
    })
    await until(() => (isWaiting ? true : undefined))
    run.child.kill('SIGTERM')
    // Ended by the signal, not by the connect timeout (60 s, past the test's own timeout).
    expect(await run.exit).toBe(143)
    expect(run.logs.join('\n')).toContain('stopped while starting')
    silent.close()
  })

  it('migrates with DATABASE_URL alone, and is not ready on an unmigrated database until then', async () => {
    const url = newDatabase()
    const service = await startBuilt({ ...productionEnv(url), MIGRATE_ON_START: 'false' })
    const unready = await fetch(`${service.url}/readyz`)
    expect(unready.status).toBe(503)
    // The status alone on the service port; why is the log's (and the management port's): R2.
    expect(await unready.json()).toEqual({ status: 'unavailable' })
    await until(
      async () => service.logs.some((line) => line.includes('migrations pending (')) || undefined,
      5_000,
    )
    const migrate = await runBuilt([adminJs, 'migrate'], {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: url,
    })
    expect(migrate.output).toMatch(
      /Applied [1-9]\d* migration\(s\); the database \(postgres\) is up to date/,
    )
    expect(migrate.code).toBe(0)
    // The background sample (every 5 s) notices.
    await until(
      async () => ((await fetch(`${service.url}/readyz`)).status === 200 ? true : undefined),
      20_000,
    )
    const again = await runBuilt([adminJs, 'migrate'], {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: url,
    })
    expect(again.output).toContain('Applied 0 migration(s)')
    await service.stop()
  })
})

describe('a database outage', () => {
  it('hung (SIGSTOP): readiness 503 and every metric within 3 s, a sign-in 503, SIGTERM ends within the deadline', async () => {
    const service = await startBuilt({
      ...productionEnv(newDatabase()),
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      SHUTDOWN_GRACE_SECONDS: '4',
      DB_CONNECT_TIMEOUT_SECONDS: '1',
      DB_STATEMENT_TIMEOUT_SECONDS: '2',
    })
    const browser = new Browser()
    await browser.call(service.url, '/usweb/login') // the page's anti-forgery token, before
    cluster.pause()
    try {
      const ready = await timed(() => fetch(`${service.url}/readyz`))
      expect(ready.value.status).toBe(503)
      expect(ready.ms).toBeLessThan(3_000)
      const metrics = await timed(() =>
        fetch(`${service.url}/metrics`, {
          headers: { authorization: 'Bearer a-long-enough-metrics-token' },
        }),
      )
      expect(metrics.value.status).toBe(200)
      expect(metrics.ms).toBeLessThan(3_000)
      const scrape = await metrics.value.text()
      for (const series of seriesOfAnOutage) expect(scrape).toContain(series)
      const signInStart = performance.now()
      const signIn = await browser.call(
        service.url,
        '/api/us-web-authentication/authenticate',
        { userName: 'someone', password: 'Wrong#Password1', velLevel1Org: '100' },
        true,
      )
      const signInMs = performance.now() - signInStart
      expect(signIn.status).toBe(503)
      expect(await signIn.json()).toMatchObject({
        message: expect.stringContaining('experiencing technical difficulties'),
      })
      const shutdown = await timed(async () => {
        service.child.kill('SIGTERM')
        return service.exit
      })
      expect(shutdown.ms).toBeLessThan(4_000 + 2_000)
      console.info(
        `measured (database paused): /readyz ${ready.value.status} in ${Math.round(ready.ms)} ms, /metrics ${metrics.value.status} in ${Math.round(metrics.ms)} ms, sign-in ${signIn.status} in ${Math.round(signInMs)} ms, SIGTERM to exit ${Math.round(shutdown.ms)} ms (grace 4 s)`,
      )
      expect(service.child.exitCode).not.toBeNull()
    } finally {
      cluster.resume()
    }
  })

  it('stopped: metrics 200 with every series, readiness 503, a sign-in 503; ready again once it is back', async () => {
    const service = await startBuilt({
      ...productionEnv(newDatabase()),
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      DB_CONNECT_TIMEOUT_SECONDS: '1',
    })
    const browser = new Browser()
    await browser.call(service.url, '/usweb/login')
    cluster.stop()
    try {
      const ready = await timed(() => fetch(`${service.url}/readyz`))
      expect(ready.value.status).toBe(503)
      expect(ready.ms).toBeLessThan(3_000)
      const metrics = await fetch(`${service.url}/metrics`, {
        headers: { authorization: 'Bearer a-long-enough-metrics-token' },
      })
      expect(metrics.status).toBe(200)
      const scrape = await metrics.text()
      for (const series of seriesOfAnOutage) expect(scrape).toContain(series)
      console.info(
        `measured (database stopped): /readyz ${ready.value.status} in ${Math.round(ready.ms)} ms, /metrics ${metrics.status}`,
      )
      const signIn = await browser.call(
        service.url,
        '/api/us-web-authentication/authenticate',
        { userName: 'someone', password: 'Wrong#Password1', velLevel1Org: '100' },
        true,
      )
      expect(signIn.status).toBe(503)
    } finally {
      cluster.start()
    }
    await until(
      async () => ((await fetch(`${service.url}/readyz`)).status === 200 ? true : undefined),
      20_000,
    )
    // The next background sample finds it back.
    await until(async () => {
      const scrape = await (
        await fetch(`${service.url}/metrics`, {
          headers: { authorization: 'Bearer a-long-enough-metrics-token' },
        })
      ).text()
      return scrape.includes('portal_dependency_up{dependency="database"} 1') ? true : undefined
    }, 20_000)
    await service.stop()
  })
})
