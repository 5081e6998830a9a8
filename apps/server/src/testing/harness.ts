// Builds a real app on a database of its own for one test file, and a client that keeps
// cookies and sends the anti-forgery header the way the portal does.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import { findProgram, maskEmail } from '@portal/contract'
import type { Clock } from '../lib/clock.ts'
import { openDatabase, type Database } from '../store/db.ts'
import { storeOf, type Store } from '../store/index.ts'
import { adminQuery, withDatabase } from './databases.ts'
import './provided-context.ts'

export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL
  if (process.env.TEST_DATABASE === 'postgres' && url) {
    const name = `portal_t_${randomBytes(6).toString('hex')}`
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`)
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name) })
    return {
      ...database,
      close: async () => {
        await database.close()
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      },
    }
  }
  const image = await readFile(inject('pgliteImagePath'))
  return openDatabase({ kind: 'pglite-image', image: new Blob([image]) })
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'true',
    // Tests deliver the outbox by hand (app.outbox.worker.drain()), so nothing races them.
    OUTBOX_POLL_MS: '0',
    RETENTION_SWEEP_MINUTES: '0',
    // Many calls from one address; the abuse-limit tests set their own low limits.
    RATE_LIMIT_PER_CLIENT: '100000',
    RATE_LIMIT_PER_TARGET: '100000',
    LOGIN_LIMIT_PER_CLIENT: '100000',
    LOGIN_LIMIT_PER_USERNAME: '100000',
    MESSAGE_RESEND_COOLDOWN_SECONDS: '0',
    MESSAGE_LIMIT_PER_USER: '100000',
    MESSAGE_LIMIT_PER_RECIPIENT_DAY: '100000',
    // Hashing on libuv's pool at normal priority: the suite shares two cores with Chromium and
    // the databases, where the low-priority hashing threads (the production default, decision
    // 0019) wait behind everything and a sign-in can outlast a test's timeout. The threads have
    // their own tests (lib/abuse-limits.test.ts, the process tests) and the bench's comparison.
    PASSWORD_HASH_THREADS: 'false',
    ...env,
  })
}

/**
 * A clock the test moves by hand. It starts at the time of the database the app talks to
 * (startTestApp sets it), never at a calendar date, so a test means the same on any day.
 */
export function manualClock() {
  let start: number | undefined
  let moved = 0
  return {
    now: () => new Date((start ??= Date.now()) + moved),
    advance: (ms: number) => void (moved += ms),
    startAt: (time: Date) => void (start = time.getTime()),
  } satisfies Clock & { advance(ms: number): void; startAt(time: Date): void }
}
export type ManualClock = ReturnType<typeof manualClock>

export interface TestApp {
  app: FastifyInstance
  database: Database
  /** The app's clock (a test's manual clock when it gave one): what arrange verbs date by. */
  clock: Clock
  /** The store over the app's database and clock, for a test that calls a service itself. */
  store: Store
  config: Config
  client(): TestClient
  close(): Promise<void>
}

export async function startTestApp(
  options: {
    env?: Record<string, string>
    clock?: Clock | ManualClock
    logStream?: NodeJS.WritableStream
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase()
  if (options.clock && 'startAt' in options.clock) options.clock.startAt(await database.readTime())
  const config = testConfig(options.env)
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    logStream: options.logStream,
  })
  await app.ready()
  return {
    app,
    database,
    clock: app.clock,
    store: storeOf(database.db, { clock: app.clock }),
    config,
    client: () => new TestClient(app),
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

type Fields = Record<string, string>

export class TestClient {
  /** Pass one jar to several clients to make them one browser (e.g. across instances). */
  constructor(
    private readonly app: FastifyInstance,
    readonly cookies = new Map<string, string>(),
  ) {}

  get(url: string): Promise<LightMyRequestResponse> {
    return this.send({ method: 'GET', url })
  }

  postForm(url: string, form: Fields): Promise<LightMyRequestResponse> {
    return this.send({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    })
  }

  postJson(url: string, body?: unknown): Promise<LightMyRequestResponse> {
    return this.send({
      method: 'POST',
      url,
      ...(body === undefined ? {} : { payload: body as object }),
    })
  }

  async send(options: InjectOptions & { method: string; url: string }) {
    const isSafe = ['GET', 'HEAD', 'OPTIONS'].includes(options.method)
    // The anti-forgery token comes with a page of the portal, as it does in a browser.
    if (!isSafe && !this.cookies.has('XSRF-TOKEN')) await this.get('/usweb/login')
    const response = await this.app.inject({
      ...options,
      cookies: Object.fromEntries(this.cookies),
      headers: {
        ...(isSafe ? {} : { 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '' }),
        ...options.headers,
      },
    })
    for (const cookie of response.cookies) {
      const isCleared = cookie.expires !== undefined && cookie.expires.getTime() < Date.now()
      if (isCleared || cookie.value === '') this.cookies.delete(cookie.name)
      else this.cookies.set(cookie.name, cookie.value)
    }
    return response
  }

  /**
   * This browser's trusted-device cookie taken from `other` (the same browser, signing in
   * again), without its session. Undefined cookie: nothing is copied.
   */
  carryDeviceFrom(other: TestClient): this {
    for (const [name, value] of other.cookies) {
      if (name.endsWith('portal_device')) this.cookies.set(name, value)
    }
    return this
  }

  mfaHeaders(devicePrint: string) {
    return { mfadeviceprint: devicePrint }
  }

  /** Spec §4 step 5: the second-factor decision for this session, from device `devicePrint`. */
  mfaDecision(devicePrint = 'test-device'): Promise<LightMyRequestResponse> {
    return this.send({
      method: 'GET',
      url: '/api/mfa/getMFAUser',
      headers: this.mfaHeaders(devicePrint),
    })
  }

  /**
   * The newest verification code sent to this session's user (the demo outbox viewer), or
   * to `recipient`. Before the code the service shows the email masked only.
   */
  async latestCode(recipient?: string): Promise<string> {
    const details = (await this.get('/api/mfa/getDetails')).json() as { emailAddress?: string }
    const shown = details.emailAddress ?? ''
    const isFor = (to: string) =>
      recipient !== undefined ? to === recipient : to === shown || maskEmail(to) === shown
    const sent = (await this.get('/dev/outbox.json')).json() as {
      recipient: string
      template: string
      body: string
    }[]
    const message = sent.find((m) => m.template === 'verification-code' && isFor(m.recipient))
    return /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? ''
  }

  /**
   * Spec §4 steps 3-4, as the usweb login screen does them after the password: the account,
   * then the customer lookup for the login page's program (by default the user's own), which
   * binds the program verdict to the sign-in.
   */
  async checkProgram(program?: string) {
    const account = (
      await this.postJson('/api/fidbond-api/account', { username: this.userName })
    ).json() as { customerNumber: string; prgName: string }
    return this.postJson('/api/customer-api/find', {
      clientPrefix: findProgram(program ?? account.prgName)?.serviceCode ?? account.prgName,
      customerNumber: account.customerNumber,
      level1Org: this.level1Org,
    })
  }

  /** The second factor, as a person passes it: decision, code by email, code entered. */
  async passSecondFactor(devicePrint = 'test-device'): Promise<{ statusCode: string | null }> {
    await this.checkProgram()
    const decision = (await this.mfaDecision(devicePrint)).json()
    if ((decision as { statusCode: string }).statusCode !== 'CHALLENGE_LOGIN') return decision
    await this.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    const verificationCode = await this.latestCode()
    return (
      await this.send({
        method: 'POST',
        url: '/api/mfa/enterverificationcode',
        headers: this.mfaHeaders(devicePrint),
        payload: { verificationCode },
      })
    ).json()
  }

  /** Password and second factor: a session that may be handed off. */
  async signIn(userName: string, password: string, velLevel1Org = '100') {
    const answer = await this.login(userName, password, velLevel1Org)
    const second = await this.passSecondFactor()
    return { answer, second }
  }

  private userName = ''
  private level1Org = ''

  /** Signs in with the authenticate call, as the usweb login screen does. */
  login(userName: string, password: string, velLevel1Org = '100') {
    this.userName = userName
    this.level1Org = velLevel1Org
    return this.postForm('/api/us-web-authentication/authenticate', {
      userName,
      password,
      velLevel1Org,
    })
  }
}
