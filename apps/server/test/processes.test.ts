// The service as separate processes (issue 12): two instances booting together on one empty
// PostgreSQL database both migrate and reach ready; two instances with Redis carry one
// sign-in alternately, share a rate limit and deliver each outbox message exactly once; and a
// second process on a running service's PGlite folder is refused.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { afterAll, describe, expect, it, inject } from 'vitest'
import { loadConfig } from '../src/config.ts'
import { outboxWriter } from '../src/delivery/outbox.ts'
import { templates } from '../src/delivery/templates.ts'
import { deriveKey } from '../src/lib/crypto.ts'
import { systemClock } from '../src/lib/clock.ts'
import { openDatabase } from '../src/store/db.ts'
import { demoPassword } from '../src/store/demo-data.ts'
import { withDatabase } from './databases.ts'
import './provided-context.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url))
const adminEntry = fileURLToPath(new URL('../src/cli/portal-admin.ts', import.meta.url))
const postgresUrl = process.env.DATABASE_URL
const onPostgres = process.env.TEST_DATABASE === 'postgres' && Boolean(postgresUrl)
const onPglite = process.env.TEST_DATABASE === 'pglite'

interface Service {
  child: ChildProcess
  url: string
  logs: string[]
  stop(): Promise<void>
}

const running: Service[] = []
const databases: string[] = []
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()))
  for (const name of databases) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
})

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

/** A new database: empty, or a copy of the migrated and seeded test template. */
async function createDatabase(from: 'empty' | 'template'): Promise<string> {
  const name = `portal_p_${randomBytes(6).toString('hex')}`
  databases.push(name)
  const template = from === 'template' ? ` TEMPLATE ${inject('postgresTemplate')}` : ''
  await adminQuery(`CREATE DATABASE ${name}${template}`)
  return withDatabase(postgresUrl ?? '', name)
}

/** Starts `src/server.ts` in a child process (demo settings) and waits until it listens. */
function startService(env: Record<string, string>): Promise<Service> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      DEMO_MODE: 'true',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_CLIENT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const service = (url: string): Service => ({
    child,
    url,
    logs,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  })
  return new Promise((resolve, reject) => {
    let buffered = ''
    const read = (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        logs.push(line)
        const listening = /Program Portal on (http:\/\/[^/\s]+)\/usweb\/login/.exec(line)
        if (listening?.[1]) {
          const started = service(listening[1])
          running.push(started)
          resolve(started)
        }
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) =>
      reject(new Error(`service exited (${code}) before listening:\n${logs.join('\n')}`)),
    )
  })
}

/** One browser: a cookie jar, and the anti-forgery header on every change. */
class Browser {
  private readonly cookies = new Map<string, string>()
  constructor(private readonly headers: Record<string, string> = {}) {}

  async call(base: string, path: string, body?: object, form = false): Promise<Response> {
    const headers: Record<string, string> = {
      ...this.headers,
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    }
    if (body) {
      if (!this.cookies.has('XSRF-TOKEN')) await this.call(base, '/healthz')
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? ''
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json'
    }
    const response = await fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers,
      body: body
        ? form
          ? new URLSearchParams(body as Record<string, string>).toString()
          : JSON.stringify(body)
        : undefined,
    })
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';')
      const [name, ...value] = (pair ?? '').split('=')
      if (!name) continue
      if (value.join('=') === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(setCookie)) {
        this.cookies.delete(name)
      } else this.cookies.set(name, value.join('='))
    }
    return response
  }
}

async function smtpServer() {
  const received: { to: string; data: string }[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, data })
        done()
      })
    },
  })
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  )
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function until<T>(check: () => Promise<T | undefined> | T | undefined, ms = 30_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe.runIf(onPostgres)('two instances booting together on one empty database', () => {
  it('both migrate under the lock and reach ready', { timeout: 120_000 }, async () => {
    const url = await createDatabase('empty')
    const [a, b] = await Promise.all([
      startService({ DATABASE_URL: url }),
      startService({ DATABASE_URL: url }),
    ])
    for (const service of [a, b]) {
      const ready = await fetch(`${service?.url}/readyz`)
      expect(ready.status).toBe(200)
    }
    const check = new pg.Client({ connectionString: url })
    await check.connect()
    try {
      const migrations = await check.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )
      const journal = JSON.parse(
        await readFile(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] }
      expect(migrations.rows[0].n).toBe(journal.entries.length)
      const countryRows = await check.query('select count(*)::int as n from countries')
      expect(countryRows.rows[0].n).toBeGreaterThan(0)
    } finally {
      await check.end()
    }
  })
})

describe.runIf(onPostgres)('two instances with Redis', () => {
  it(
    'carry one sign-in alternately, share a rate limit and deliver each message once',
    { timeout: 180_000 },
    async () => {
      const url = await createDatabase('template')
      const smtp = await smtpServer()
      try {
        const env = {
          DATABASE_URL: url,
          REDIS_URL: 'redis://127.0.0.1:6379',
          SMTP_URL: smtp.url,
          OUTBOX_POLL_MS: '100',
          RATE_LIMIT_PER_TARGET: '3',
        }
        const [a, b] = await Promise.all([startService(env), startService(env)])
        const bases = [a?.url ?? '', b?.url ?? '']

        // Password on one, code on the other, hand-off on the first.
        const browser = new Browser({ mfadeviceprint: 'process-test-device' })
        const login = await browser.call(
          bases[0] ?? '',
          '/api/us-web-authentication/authenticate',
          { userName: 'bclip_demo', password: demoPassword, velLevel1Org: '100' },
          true,
        )
        expect(await login.json()).toMatchObject({ message: 'Authentication Successful' })
        const decision = await browser.call(bases[1] ?? '', '/api/mfa/getMFAUser')
        expect(await decision.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
        await browser.call(bases[1] ?? '', '/api/mfa/submitVerification', { rgValue: 'email' })
        const mail = await until(() => smtp.received.find((m) => m.to === 'bclip.demo@example.com'))
        const code = /verification code is: (\d{6})/.exec(mail.data)?.[1] ?? ''
        expect(code).toMatch(/^\d{6}$/)
        const entered = await browser.call(bases[1] ?? '', '/api/mfa/enterverificationcode', {
          verificationCode: code,
        })
        expect(await entered.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
        const handoff = await browser.call(bases[0] ?? '', '/api/portal/handoff', {})
        expect(handoff.status).toBe(200)

        // A per-target limit of 3, reached across both instances (counters in Redis).
        const target = `limit.${randomBytes(6).toString('hex')}@example.com`
        const statuses: number[] = []
        for (let i = 0; i < 4; i++) {
          const asking = new Browser()
          const answer = await asking.call(
            bases[i % 2] ?? '',
            '/api/us-web-authentication/findEmail',
            { emailAddress: target, deliveryMethod: 'email', appName: 'usweb' },
          )
          statuses.push(answer.status)
        }
        expect(statuses).toEqual([200, 200, 200, 429])

        // Two workers on one outbox: every message delivered, none twice.
        const database = await openDatabase({ kind: 'postgres', url, migrate: false })
        try {
          const writer = outboxWriter(
            deriveKey(loadConfig({ DEMO_MODE: 'true' }).sessionSecret, 'outbox'),
            systemClock,
          )
          const recipients = Array.from({ length: 60 }, (_, i) => `bulk.${i}@example.com`)
          for (const recipient of recipients) {
            await writer.enqueue(database.db, {
              channel: 'email',
              recipient,
              program: 'bclip',
              message: templates.username({ name: 'BCLIP', phone: '800-555-0100' }, recipient),
            })
          }
          const bulk = () => smtp.received.filter((m) => m.to.startsWith('bulk.'))
          await until(() => (bulk().length >= recipients.length ? true : undefined))
          // Give a duplicate, if there were one, time to arrive.
          await new Promise((resolve) => setTimeout(resolve, 1_000))
          expect(
            bulk()
              .map((m) => m.to)
              .sort(),
          ).toEqual([...recipients].sort())
        } finally {
          await database.close()
        }
      } finally {
        await smtp.close()
      }
    },
  )
})

describe.runIf(onPglite)('one PGlite folder, one process', () => {
  it(
    'refuses portal-admin while the service holds the folder, and allows it after',
    { timeout: 180_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'portal-lock-'))
      const dataDir = join(dir, 'pglite')
      const admin = () =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', adminEntry, '--demo', 'migrate'],
            {
              cwd: root,
              env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DATABASE_URL: '' },
            },
          )
          let output = ''
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
          child.once('exit', (code) => resolve({ code, output }))
        })
      try {
        const service = await startService({ DATA_DIR: dataDir, DATABASE_URL: '' })
        const refused = await admin()
        expect(refused.code).toBe(1)
        expect(refused.output).toContain(
          `The embedded database in ${dataDir} is in use by process ${service.child.pid}`,
        )
        await service.stop()
        const allowed = await admin()
        expect(allowed.output).toMatch(/Database \(pglite\) is up to date/)
        expect(allowed.code).toBe(0)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  )
})
