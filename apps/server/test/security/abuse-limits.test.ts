// Issue 14, from the attacker's side: sign-in throttles per client and per username, the
// same answers for unknown usernames, normalised recovery targets, limits shared through
// Redis, message caps and cool-down, texts only to allowed prefixes, trusted proxy hops,
// and the bounded password-hashing queue.
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { authMessages, messages } from '@portal/contract'
import { buildApp } from '../../src/app.ts'
import { passwordHashingLoad } from '../../src/lib/passwords.ts'
import { accountsService } from '../../src/modules/accounts/accounts.service.ts'
import {
  manualClock,
  openTestDatabase,
  startTestApp,
  testConfig,
  TestClient,
  type TestApp,
  demoCustomers,
  demoPassword,
  auditTrail,
  findAccount,
  outboxMessages,
} from '../harness.ts'

const opened: TestApp[] = []
afterAll(() => Promise.all(opened.map((t) => t.close())))

async function app(env: Record<string, string>, clock = manualClock()) {
  const t = await startTestApp({ env, clock })
  opened.push(t)
  return { t, clock }
}

const wrong = 'Wrong#1x'

/** A sign-in from a given socket address, with an X-Forwarded-For header when given. */
function loginFrom(
  t: TestApp,
  userName: string,
  options: { from?: string; forwardedFor?: string; password?: string } = {},
) {
  return t.client().send({
    method: 'POST',
    url: '/api/us-web-authentication/authenticate',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
    payload: new URLSearchParams({
      userName,
      password: options.password ?? wrong,
      velLevel1Org: '100',
    }).toString(),
    ...(options.from ? { remoteAddress: options.from } : {}),
  })
}

const messageOf = (response: { json(): unknown }) =>
  (response.json() as { message: string }).message

describe('sign-in throttling', () => {
  it('refuses a client address after N sign-ins in the window with a clear 429, until the window slides on', async () => {
    const { t, clock } = await app({ LOGIN_LIMIT_PER_CLIENT: '4', LOGIN_LIMIT_PER_USERNAME: '50' })
    const statuses = []
    for (let i = 0; i < 4; i++) {
      statuses.push((await loginFrom(t, `probe_${i}`, { from: '198.51.100.1' })).statusCode)
    }
    expect(statuses).toEqual([201, 201, 201, 201])
    const refused = await loginFrom(t, 'probe_4', { from: '198.51.100.1' })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ message: messages.throttle.tooManyAttempts })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Even the right password waits: the limit comes before the password is looked at.
    const right = await loginFrom(t, 'bclip_demo', { from: '198.51.100.1', password: demoPassword })
    expect(right.statusCode).toBe(429)
    // Another address is not affected.
    expect((await loginFrom(t, 'probe_5', { from: '198.51.100.2' })).statusCode).toBe(201)
    // A sliding window: once the first hits are 15 minutes old, there is room again.
    clock.advance(15 * 60_000 + 1000)
    expect((await loginFrom(t, 'probe_6', { from: '198.51.100.1' })).statusCode).toBe(201)
  })

  it('refuses one username tried from many addresses, however it is written', async () => {
    const { t } = await app({ LOGIN_LIMIT_PER_CLIENT: '50', LOGIN_LIMIT_PER_USERNAME: '3' })
    const statuses = []
    for (let i = 1; i <= 3; i++) {
      statuses.push((await loginFrom(t, 'spray_target', { from: `203.0.113.${i}` })).statusCode)
    }
    expect(statuses).toEqual([201, 201, 201])
    const refused = await loginFrom(t, 'spray_target', { from: '203.0.113.4' })
    expect(refused.statusCode).toBe(429)
    expect(messageOf(refused)).toBe(messages.throttle.tooManyAttempts)
    expect((await loginFrom(t, ' SPRAY_Target ', { from: '203.0.113.5' })).statusCode).toBe(429)
    expect((await loginFrom(t, 'someone_else', { from: '203.0.113.6' })).statusCode).toBe(201)
  })
})

describe('unknown usernames', () => {
  it('count 1, 2, 3 and then lock like an account, per normalised username', async () => {
    const { t } = await app({})
    const answers = []
    for (const name of ['Ghost_User', 'ghost_user', ' GHOST_USER', 'ghost_user', 'ghost_user']) {
      answers.push(messageOf(await loginFrom(t, name)))
    }
    expect(answers).toEqual([
      authMessages.attempt1,
      authMessages.attempt2,
      authMessages.attempt3,
      authMessages.userLocked,
      authMessages.userLocked,
    ])
    // The same sequence as a real account gives.
    const real = []
    for (let i = 0; i < 4; i++) real.push(messageOf(await loginFrom(t, 'cabar_demo')))
    expect(real).toEqual(answers.slice(0, 4))
    // Nothing on the wire tells them apart: same status, same fields.
    const ghost = await loginFrom(t, 'another_ghost')
    const account = await loginFrom(t, 'bclip_demo')
    expect([ghost.statusCode, Object.keys(ghost.json() as object)]).toEqual([
      account.statusCode,
      Object.keys(account.json() as object),
    ])
  })
})

describe('the time an answer takes', () => {
  /** The password verifications one wrong-password sign-in costs (the work its time tells). */
  const verificationsFor = async (t: TestApp, userName: string) => {
    const before = passwordHashingLoad().finished
    await loginFrom(t, userName)
    return passwordHashingLoad().finished - before
  }

  it('is the same two password verifications for an unknown name, a locked account and a wrong password alike', async () => {
    const { t } = await app({})
    for (let i = 0; i < 3; i++) await loginFrom(t, 'augustar_demo') // now locked
    expect({
      unknown: await verificationsFor(t, 'nobody_timed'),
      locked: await verificationsFor(t, 'augustar_demo'),
      wrongPassword: await verificationsFor(t, 'bclip_demo'),
    }).toEqual({ unknown: 2, locked: 2, wrongPassword: 2 })
  })

  // Issue 40, T1: two wrong passwords, one before and one after a reset is asked for, must not
  // tell that a temporary password waits (and so that the username exists).
  it('does not tell that a temporary password waits', async () => {
    const { t } = await app({})
    const before = await verificationsFor(t, 'dtcpnc_demo')
    const asked = await t.client().postJson('/api/us-web-authentication/sendTempPassword', {
      emailAddress: 'dtcpnc.demo@example.com',
      deliveryMethod: 'email',
      appName: 'usweb',
    })
    expect(asked.statusCode).toBe(200)
    const member = await findAccount(t, 'dtcpnc_demo')
    expect(member?.pendingPasswordHash).toBeTruthy() // one waits
    const waiting = await verificationsFor(t, 'dtcpnc_demo')
    expect({ before, waiting }).toEqual({ before: 2, waiting: 2 })
    // The owner still gets in with the temporary password.
    const sent = (await t.client().get('/dev/outbox.json')).json() as {
      template: string
      body: string
    }[]
    const temporary =
      /is: (\S+)/.exec(sent.find((m) => m.template === 'temporary-password')?.body ?? '')?.[1] ?? ''
    const owner = await loginFrom(t, 'dtcpnc_demo', { password: temporary })
    expect(owner.json()).toEqual({ message: authMessages.success, temporaryPassword: true })
  })
})

describe('Redis out of reach', () => {
  it('leaves the limits counting in the instance instead of failing the request', async () => {
    const { t } = await app({ REDIS_URL: 'redis://127.0.0.1:1', LOGIN_LIMIT_PER_CLIENT: '2' })
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await loginFrom(t, `offline_${i}`)).statusCode)
    expect(statuses).toEqual([201, 201, 429])
  })
})

describe('recovery lookups', () => {
  it('count a re-formatted email or number against the same target', async () => {
    const { t } = await app({ RATE_LIMIT_PER_TARGET: '3', RATE_LIMIT_PER_CLIENT: '100' })
    const findEmail = (body: Record<string, string>) =>
      t.client().postJson('/api/us-web-authentication/findEmail', { appName: 'usweb', ...body })
    const emails = [
      'Victim@Example.com',
      ' victim@example.com',
      'VICTIM@EXAMPLE.COM ',
      'victim@example.com',
    ]
    const byEmail = []
    for (const emailAddress of emails) {
      byEmail.push((await findEmail({ emailAddress, deliveryMethod: 'email' })).statusCode)
    }
    expect(byEmail).toEqual([200, 200, 200, 429])
    const phones = ['5555550100', '555-555-0100', '(555) 555-0100', '+1 555 555 0100']
    const byPhone: number[] = []
    for (const phoneNumber of phones) {
      // A junk email beside an SMS lookup does not change what is counted.
      const emailAddress = `junk${byPhone.length}@example.com`
      byPhone.push(
        (await findEmail({ phoneNumber, emailAddress, deliveryMethod: 'sms' })).statusCode,
      )
    }
    expect(byPhone).toEqual([200, 200, 200, 429])
  })
})

describe('limits shared through Redis', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
  const instances: FastifyInstance[] = []
  afterAll(() => Promise.all(instances.map((i) => i.close())))

  it('hold across two instances: one username, alternating instances', async () => {
    const database = await openTestDatabase()
    opened.push({ close: () => database.close() } as TestApp)
    const env = {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      LOGIN_LIMIT_PER_USERNAME: '4',
    }
    for (let i = 0; i < 2; i++) {
      const instance = await buildApp({ config: testConfig(env), database })
      instances.push(instance)
    }
    const answers = []
    for (let i = 0; i < 5; i++) {
      const client = new TestClient(instances[i % 2] as FastifyInstance)
      const response = await client.login('shared_ghost', wrong)
      answers.push(response.statusCode === 201 ? messageOf(response) : response.statusCode)
    }
    // The shadow count and the per-username limit are both the same for the two instances.
    expect(answers).toEqual([
      authMessages.attempt1,
      authMessages.attempt2,
      authMessages.attempt3,
      authMessages.userLocked,
      429,
    ])
  })

  it('let exactly the limit through when twelve sign-ins race on two instances', async () => {
    const database = await openTestDatabase()
    opened.push({ close: () => database.close() } as TestApp)
    const env = {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      LOGIN_LIMIT_PER_USERNAME: '4',
    }
    const pair = await Promise.all(
      [0, 1].map(() => buildApp({ config: testConfig(env), database })),
    )
    instances.push(...pair)
    const clients = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const client = new TestClient(pair[i % 2] as FastifyInstance)
        await client.get('/usweb/login') // the anti-forgery cookie, before the race
        return client
      }),
    )
    const statuses = await Promise.all(
      clients.map(async (client) => (await client.login('racing_ghost', wrong)).statusCode),
    )
    expect(statuses.filter((status) => status !== 429)).toHaveLength(4)
    expect(statuses.filter((status) => status === 429)).toHaveLength(8)
  })
})

describe('messages', () => {
  it('show a resend cool-down, then cap the codes one user is sent', async () => {
    const { t, clock } = await app({
      MESSAGE_RESEND_COOLDOWN_SECONDS: '30',
      MESSAGE_LIMIT_PER_USER: '3',
    })
    const client = t.client()
    await client.login('bclip_demo', demoPassword)
    await client.checkProgram()
    await client.get('/api/mfa/getMFAUser')
    const first = await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    expect(first.json()).toMatchObject({ statusCode: 'CHALLENGE_SUCCESS', resendAfterSeconds: 30 })
    clock.advance(10_000)
    const early = await client.postJson('/api/mfa/generateNewCode')
    expect(early.statusCode).toBe(429)
    expect(early.json()).toMatchObject({
      message: messages.throttle.waitForNewCode(20),
      retryAfterSeconds: 20,
    })
    clock.advance(21_000)
    expect((await client.postJson('/api/mfa/generateNewCode')).json()).toMatchObject({
      statusCode: 'CHALLENGE_SUCCESS',
      resendAfterSeconds: 30,
    })
    clock.advance(31_000)
    expect((await client.postJson('/api/mfa/generateNewCode')).statusCode).toBe(200)
    clock.advance(31_000)
    const capped = await client.postJson('/api/mfa/generateNewCode')
    expect(capped.statusCode).toBe(429)
    expect(messageOf(capped)).toBe(messages.throttle.tooManyMessages)
  })

  it('cap what one address receives a day, dropping a notice but still locking', async () => {
    const { t, clock } = await app({ MESSAGE_LIMIT_PER_RECIPIENT_DAY: '2' })
    const c = demoCustomers.find((d) => d.username === 'dtcria_demo')
    const ask = () =>
      t.client().postJson('/api/us-web-authentication/sendUserName', {
        emailAddress: c?.email,
        deliveryMethod: 'email',
        appName: 'usweb',
      })
    expect([(await ask()).statusCode, (await ask()).statusCode]).toEqual([200, 200])
    const third = await ask()
    expect(third.statusCode).toBe(429)
    expect(messageOf(third)).toBe(messages.throttle.tooManyMessages)
    // The lockout notice to the same address is over the cap: dropped, the lock happens.
    const answers = []
    for (let i = 0; i < 3; i++) answers.push(messageOf(await loginFrom(t, 'dtcria_demo')))
    expect(answers[2]).toBe(authMessages.attempt3)
    const rows = (await outboxMessages(t)).filter((m) => m.recipient === (c?.email ?? ''))
    expect(rows.map((r) => r.template)).toEqual(['username', 'username'])
    // The next day has a fresh allowance.
    clock.advance(86_400_000)
    expect((await ask()).statusCode).toBe(200)
  })

  it('refuse a text to a number outside the allowed dial prefixes, sending nothing', async () => {
    const { t } = await app({})
    const newcomer = demoCustomers.find((d) => d.program === 'bclip' && !d.username)
    await accountsService({ store: t.store, clock: t.clock }).createAccount({
      custnum: newcomer?.custnum ?? '',
      username: 'abroad_user',
      password: 'Brisk#Lantern26',
    })
    // Enrolled with the record's contacts (issue 32, H2), then the number changed to one
    // abroad after a code, on the update path.
    const record = {
      typeOfEmailAddress: 'Work',
      emailAddress: newcomer?.email ?? '',
      typeOfPhoneNumber: 'Personal',
      phoneNumber: (newcomer?.phone ?? '').replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3'),
      geoCountryId: 'United States',
    }
    const first = t.client()
    await first.login('abroad_user', 'Brisk#Lantern26')
    await first.checkProgram()
    await first.get('/api/mfa/getMFAUser')
    await first.postJson('/api/mfa/updateUser', record)
    await first.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    await first.postJson('/api/mfa/enterverificationcode', {
      verificationCode: await first.latestCode(record.emailAddress),
    })
    const abroad = { ...record, phoneNumber: '207-946-0958', geoCountryId: 'United Kingdom' }
    expect((await first.postJson('/api/mfa/updateUser', abroad)).json()).toMatchObject({
      statusCode: 'VERIFIED',
    })
    const client = t.client()
    await client.login('abroad_user', 'Brisk#Lantern26')
    await client.checkProgram()
    expect((await client.get('/api/mfa/getMFAUser')).json()).toMatchObject({
      mfaStatusCode: 'UNVERIFIED',
    })
    const text = await client.postJson('/api/mfa/submitVerification', { rgValue: 'sms' })
    expect(text.statusCode).toBe(400)
    expect(messageOf(text)).toBe(messages.throttle.textsNotAvailable)
    // Only notices to the customer record's own (US) mobile went by text; no code abroad.
    const texts = (await outboxMessages(t)).filter((m) => m.channel === 'sms')
    expect(texts.map((m) => m.template)).not.toContain('verification-code')
    expect(texts.every((m) => m.recipient.startsWith('+1'))).toBe(true)
    // Email still works for the same user.
    const email = await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    expect(email.json()).toMatchObject({ statusCode: 'CHALLENGE_SUCCESS' })
  })
})

describe('support incidents', () => {
  it('are limited per user, each call opening one', async () => {
    const { t } = await app({ RATE_LIMIT_PER_TARGET: '2' })
    const client = t.client()
    await client.login('bclip_demo', demoPassword)
    await client.checkProgram()
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push((await client.postJson('/api/mfa/mfaSupport')).statusCode)
    expect(statuses).toEqual([200, 200, 429])
  })
})

describe('trusted proxies', () => {
  async function clientIpOf(t: TestApp, userName: string) {
    const rows = (await auditTrail(t)).filter((a) => a.username === userName)
    return rows.map((r) => r.clientIp)
  }

  it('ignore X-Forwarded-For when no proxy is trusted', async () => {
    const { t } = await app({ LOGIN_LIMIT_PER_CLIENT: '2' })
    const statuses = []
    for (let i = 0; i < 3; i++) {
      const forwardedFor = `192.0.2.${i}`
      statuses.push((await loginFrom(t, `xff_${i}`, { forwardedFor })).statusCode)
    }
    expect(statuses).toEqual([201, 201, 429])
    expect(await clientIpOf(t, 'xff_0')).toEqual(['127.0.0.1'])
  })

  it('with a hop count, take the address the trusted proxy saw, whatever the client wrote before it', async () => {
    const { t } = await app({ TRUST_PROXY: '1', LOGIN_LIMIT_PER_CLIENT: '2' })
    const statuses = []
    for (let i = 0; i < 3; i++) {
      const forwardedFor = `192.0.2.${i}, 203.0.113.7`
      statuses.push((await loginFrom(t, `hop_${i}`, { from: '10.0.0.5', forwardedFor })).statusCode)
    }
    expect(statuses).toEqual([201, 201, 429])
    expect(await clientIpOf(t, 'hop_0')).toEqual(['203.0.113.7'])
    // A client reaching the service directly (a public address) cannot pose as a proxy.
    await loginFrom(t, 'direct_1', { from: '198.51.100.9', forwardedFor: '203.0.113.99' })
    expect(await clientIpOf(t, 'direct_1')).toEqual(['198.51.100.9'])
  })

  it('with a list, trust X-Forwarded-For only from the listed proxies', async () => {
    const { t } = await app({ TRUST_PROXY: '10.0.0.5,192.168.10.0/24' })
    await loginFrom(t, 'listed_1', { from: '10.0.0.5', forwardedFor: '203.0.113.20' })
    await loginFrom(t, 'listed_2', { from: '192.168.10.77', forwardedFor: '203.0.113.21' })
    await loginFrom(t, 'unlisted', { from: '10.0.0.6', forwardedFor: '203.0.113.22' })
    expect(await clientIpOf(t, 'listed_1')).toEqual(['203.0.113.20'])
    expect(await clientIpOf(t, 'listed_2')).toEqual(['203.0.113.21'])
    expect(await clientIpOf(t, 'unlisted')).toEqual(['10.0.0.6'])
  })
})

describe('password hashing under pressure', () => {
  it('answers a fast 503 with the technical-difficulties message when the queue is full, while /healthz answers', async () => {
    const { t } = await app({
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '1',
      PASSWORD_HASH_BUSY_WAIT_MS: '0',
    })
    const flood = Array.from({ length: 8 }, (_, i) =>
      loginFrom(t, `flood_${i}`, { from: `198.51.100.${i + 10}` }),
    )
    const health = await t.client().get('/healthz')
    const answers = await Promise.all(flood)
    expect(health.statusCode).toBe(200)
    const busy = answers.filter((r) => r.statusCode === 503)
    expect(busy.length).toBeGreaterThan(0)
    expect(answers.filter((r) => r.statusCode === 201).length).toBeGreaterThanOrEqual(2)
    expect(busy[0]?.json()).toMatchObject({ message: messages.login.technicalDifficulties })
    expect(busy[0]?.headers['retry-after']).toBe('1')
  })
})
