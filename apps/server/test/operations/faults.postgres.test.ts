// Issue 22: the portal's bad days, tried as an operator would on a private PostgreSQL cluster
// of this file's own (never the shared server): the database stopped, restarted and killed
// under a running portal; two instances, one killed mid-sign-in; SIGTERM mid-request. Each
// ends with the outbox's messages sent exactly once. Runs in the api-postgres project.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { messages, programOf } from '@portal/contract'
import pg from 'pg'
import { Browser, cleanUp, startService, until as waitUntil, type Service } from './processes.ts'
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts'
import { smtpReceiver } from '../smtp-receiver.ts'
import { demoPassword } from '../harness.ts'

/** Waits as processes.ts does, longer: the machine running the suite may be busy. */
const until = <T>(check: () => Promise<T | undefined> | T | undefined, ms = 60_000) =>
  waitUntil(check, ms)

let cluster: PrivatePostgres
let smtp: Awaited<ReturnType<typeof smtpReceiver>>
beforeAll(async () => {
  cluster = await startPrivatePostgres()
  smtp = await smtpReceiver()
}, 120_000)
afterAll(async () => {
  await cleanUp()
  await smtp?.close()
  cluster?.destroy()
}, 120_000)

let made = 0
function newDatabase(): string {
  const name = `faults_${process.pid}_${made++}`
  cluster.createDatabase(name)
  return cluster.url(name)
}

const metricsToken = 'a-long-enough-metrics-token'
function env(databaseUrl: string, more: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    OUTBOX_POLL_MS: '100',
    DB_CONNECT_TIMEOUT_SECONDS: '1',
    DB_STATEMENT_TIMEOUT_SECONDS: '2',
    METRICS_TOKEN: metricsToken,
    ...more,
  }
}

const password = (browser: Browser, base: string, userName = 'bclip_demo') =>
  browser.call(
    base,
    '/api/us-web-authentication/authenticate',
    { userName, password: demoPassword, velLevel1Org: '100' },
    true,
  )

/** Spec §4 step 4 after the password: the customer lookup of the login page's program. */
const findCustomer = (browser: Browser, base: string) =>
  browser.call(base, '/api/customer-api/find', {
    clientPrefix: programOf('bclip').serviceCode,
    customerNumber: 'BC10001',
    level1Org: '100',
  })

/**
 * The code mailed to `to` after `after` mails had arrived. Other mails may come between (the
 * new-device notice of an earlier sign-in, sent by the outbox in its own time).
 */
async function codeMailed(to: string, after: number): Promise<string> {
  const code = (data: string) => /verification code is: (\d{6})/.exec(data)?.[1]
  return until(() =>
    smtp.received
      .filter((m) => m.to === to)
      .slice(after)
      .map((m) => code(m.data))
      .find((found) => found !== undefined),
  )
}

/** Waits until the outbox has no message left to send (each one recorded as sent). */
async function untilAllRecordedSent(client: pg.Client): Promise<void> {
  await until(async () => {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from outbox where status = 'pending'",
    )
    return rows[0]?.n === 0 ? true : undefined
  })
}

async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

/** Every message of the outbox sent, and each mail received exactly once. */
async function expectEachSentOnce(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await untilAllRecordedSent(client)
    // Mail only: texts (a new-device notice goes by text too) have no SMTP copy to count.
    const { rows } = await client.query<{ key: string; status: string; recipient: string }>(
      `select 'portal-outbox-' || id || '-' || (extract(epoch from created_at) * 1000)::bigint as key,
        status, recipient from outbox where channel = 'email' order by id`,
    )
    expect(rows.length).toBeGreaterThan(0)
    // Give a duplicate, if there were one, time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 500))
    for (const row of rows) {
      expect(row.status).toBe('sent')
      // The Message-ID carries the message's delivery key: one mail per message.
      const copies = smtp.received.filter((m) => m.data.includes(`<${row.key}@`))
      expect(copies.length, `${row.key} to ${row.recipient}`).toBe(1)
    }
  })
}

async function dependencyErrors(service: Service): Promise<number> {
  const scrape = await (
    await fetch(`${service.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text()
  return Number(
    /portal_dependency_errors_total\{dependency="database"\} (\d+)/.exec(scrape)?.[1] ?? 0,
  )
}

describe('the database stopped, restarted and killed under a running portal', () => {
  it(
    'answers 503 with Retry-After while it is away, heals without a restart, and loses no message',
    { timeout: 180_000 },
    async () => {
      const url = newDatabase()
      const service = await startService(env(url))
      onTestFailed(() => console.error(service.logs.slice(-40).join('\n')))
      const browser = new Browser({ mfadeviceprint: 'fault-test-device' })
      expect(await (await password(browser, service.url)).json()).toMatchObject({
        message: 'Authentication Successful',
      })
      await findCustomer(browser, service.url)
      const mailsBefore = smtp.received.filter((m) => m.to === 'bclip.demo@example.com').length

      cluster.stop()
      let stoppedAt: number
      try {
        const signIn = await password(new Browser(), service.url)
        expect(signIn.status).toBe(503)
        expect(signIn.headers.get('retry-after')).toBe('5')
        const body = await signIn.text()
        expect(JSON.parse(body)).toMatchObject({ message: messages.login.technicalDifficulties })
        expect(body).not.toMatch(/ECONNREFUSED|\.(ts|js):\d+/)
        const pl = await new Browser().call(
          service.url,
          '/api/us-web-authentication/authenticateForPLWithValidations',
          { userName: 'proliability_demo', password: demoPassword },
          true,
        )
        expect(pl.status).toBe(503)
        expect(await pl.json()).toMatchObject({ message: messages.login.somethingWentWrong })
        expect((await fetch(`${service.url}/readyz`)).status).toBe(503)
        expect(await dependencyErrors(service)).toBeGreaterThanOrEqual(2)
      } finally {
        cluster.start()
        stoppedAt = performance.now()
      }
      // The pool drops its broken connections and opens new ones: no restart.
      await until(async () =>
        (await password(new Browser(), service.url)).status === 201 ? true : undefined,
      )
      const healedMs = performance.now() - stoppedAt
      // The session from before carries on; the worker, which failed its passes meanwhile, mails.
      const decision = await browser.call(service.url, '/api/mfa/getMFAUser')
      expect(await decision.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
      await browser.call(service.url, '/api/mfa/submitVerification', { rgValue: 'email' })
      const code = await codeMailed('bclip.demo@example.com', mailsBefore)
      // The kill below is for the code step. A kill between the SMTP server's acceptance and
      // the worker's record of it would send the mail again after the lease, with the same
      // Message-ID (decision 0019): a fault of its own, not this step's.
      await withClient(url, untilAllRecordedSent)

      cluster.kill()
      try {
        const entered = await browser.call(service.url, '/api/mfa/enterverificationcode', {
          verificationCode: code,
        })
        expect(entered.status).toBe(503)
      } finally {
        cluster.start()
      }
      const entered = await until(async () => {
        const answer = await browser.call(service.url, '/api/mfa/enterverificationcode', {
          verificationCode: code,
        })
        return answer.status === 503 ? undefined : answer
      })
      expect(await entered.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
      expect((await browser.call(service.url, '/api/portal/handoff', {})).status).toBe(200)
      await expectEachSentOnce(url)
      console.info(
        `measured: sign-ins work again ${Math.round(healedMs)} ms after PostgreSQL is started`,
      )
    },
  )
})

describe('two instances, one killed mid-sign-in', () => {
  it(
    'finishes the sign-in on the other, each message sent once',
    { timeout: 180_000 },
    async () => {
      const url = newDatabase()
      const a = await startService(env(url))
      const b = await startService(env(url))
      const browser = new Browser({ mfadeviceprint: 'fault-test-device-2' })
      await password(browser, a.url)
      await findCustomer(browser, a.url)
      const mailsBefore = smtp.received.filter((m) => m.to === 'bclip.demo@example.com').length
      a.child.kill('SIGKILL')
      await new Promise((resolve) => a.child.once('exit', resolve))

      const decision = await browser.call(b.url, '/api/mfa/getMFAUser')
      expect(await decision.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
      await browser.call(b.url, '/api/mfa/submitVerification', { rgValue: 'email' })
      const code = await codeMailed('bclip.demo@example.com', mailsBefore)
      const entered = await browser.call(b.url, '/api/mfa/enterverificationcode', {
        verificationCode: code,
      })
      expect(await entered.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
      expect((await browser.call(b.url, '/api/portal/handoff', {})).status).toBe(200)
      await expectEachSentOnce(url)
    },
  )
})

describe('SIGTERM with a request in flight', () => {
  it(
    'turns readiness 503, finishes the request, and exits 0 within the grace period',
    { timeout: 120_000 },
    async () => {
      const service = await startService(
        env(newDatabase(), { METRICS_PORT: '0', SHUTDOWN_GRACE_SECONDS: '10' }),
      )
      const management = await until(() =>
        service.logs.map((l) => /management on (http:\/\/\S+) /.exec(l)?.[1]).find(Boolean),
      )
      const page = await fetch(`${service.url}/usweb/login`)
      const token = /XSRF-TOKEN=([^;]+)/.exec(page.headers.getSetCookie().join(';'))?.[1] ?? ''
      const body = new URLSearchParams({
        userName: 'bclip_demo',
        password: demoPassword,
        velLevel1Org: '100',
      }).toString()
      const { host, port } = new URL(service.url)
      // A request whose headers have arrived and whose body is still on its way.
      const socket = connect(Number(port), host.split(':')[0])
      let answer = ''
      socket.on('data', (chunk) => (answer += chunk.toString()))
      const closed = new Promise((resolve) => socket.once('close', resolve))
      socket.write(
        [
          'POST /api/us-web-authentication/authenticate HTTP/1.1',
          `host: ${host}`,
          'content-type: application/x-www-form-urlencoded',
          `content-length: ${body.length}`,
          `cookie: XSRF-TOKEN=${token}`,
          `x-xsrf-token: ${decodeURIComponent(token)}`,
          'connection: close',
          '',
          body.slice(0, 10),
        ].join('\r\n'),
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      const exited = new Promise<number | null>((resolve) =>
        service.child.once('exit', (code) => resolve(code)),
      )
      const signalled = performance.now()
      service.child.kill('SIGTERM')
      await until(() => (service.logs.some((l) => l.includes('shutting down')) ? true : undefined))
      expect((await fetch(`${management}/readyz`)).status).toBe(503)
      socket.write(body.slice(10))
      await closed
      expect(answer).toMatch(/^HTTP\/1\.1 201 /)
      expect(answer).toContain('Authentication Successful')
      expect(await exited).toBe(0)
      const ms = performance.now() - signalled
      expect(ms).toBeLessThan(10_000)
      expect(service.logs.join('\n')).toContain('"msg":"stopped"')
      console.info(
        `measured: SIGTERM with a request in flight to exit ${Math.round(ms)} ms (grace 10 s)`,
      )
    },
  )
})
