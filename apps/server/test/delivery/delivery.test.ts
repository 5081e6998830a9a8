// The outbox: nothing is lost while SMTP or the SMS provider is down, nothing is sent twice.
import { createServer, type IncomingMessage } from 'node:http'
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseClock } from '../../src/lib/clock.ts'
import {
  manualClock,
  openTestDatabase,
  startTestApp,
  type TestApp,
  demoPassword,
  outboxMessages,
  demoCustomer as demo,
} from '../harness.ts'
import { smtpReceiver } from '../smtp-receiver.ts'

const opened: TestApp[] = []
afterAll(() => Promise.all(opened.map((t) => t.close())))

async function app(env: Record<string, string>, clock = manualClock()) {
  const t = await startTestApp({ env, clock })
  opened.push(t)
  return { t, clock }
}

describe('email over SMTP', () => {
  it('keeps a message while the SMTP server is down and delivers it once when it is back', async () => {
    let smtp = await smtpReceiver()
    const { port, received } = smtp
    await smtp.close()
    const { t, clock } = await app({ SMTP_URL: smtp.url })
    const c = demo('bclip_demo')
    const response = await t.client().postJson('/api/us-web-authentication/sendUserName', {
      emailAddress: c.email,
      deliveryMethod: 'email',
      appName: 'usweb',
    })
    expect(response.json()).toMatchObject({ status: true })

    await t.app.outbox.worker.drain()
    const [failed] = await outboxMessages(t)
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 })
    expect(failed?.lastError).toBeTruthy()

    smtp = await smtpReceiver({ port, received })
    try {
      await t.app.outbox.worker.drain()
      expect(received).toHaveLength(0) // not due again before its backoff
      clock.advance(6_000)
      await t.app.outbox.worker.drain()
      clock.advance(60 * 60_000)
      await t.app.outbox.worker.drain()
      expect(received).toHaveLength(1)
      expect(received[0]?.to).toBe(c.email)
      expect(received[0]?.data).toContain('bclip_demo')
      expect(received[0]?.data).toContain(`To: ${c.email}`)
      const [sent] = await outboxMessages(t)
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    } finally {
      await smtp.close()
    }
  })
})

describe('one clock', () => {
  it('delivers at once and counts its backoff on the database timeline when the host runs 400 days ahead', async () => {
    const smtp = await smtpReceiver()
    const database = await openTestDatabase()
    const skewed = await databaseClock(() => database.readTime(), {
      hostNow: () => Date.now() + 400 * 86_400_000,
      recalibrateMs: 0,
    })
    const t = await startTestApp({ env: { SMTP_URL: smtp.url }, clock: skewed })
    opened.push(t)
    try {
      await t.client().postJson('/api/us-web-authentication/sendUserName', {
        emailAddress: demo('bclip_demo').email,
        deliveryMethod: 'email',
        appName: 'usweb',
      })
      await t.app.outbox.worker.drain()
      expect(smtp.received).toHaveLength(1)
      const [row] = await outboxMessages(t)
      const databaseNow = (await t.database.readTime()).getTime()
      expect(Math.abs((row?.createdAt.getTime() ?? 0) - databaseNow)).toBeLessThan(60_000)
    } finally {
      await smtp.close()
      await database.close()
    }
  })
})

describe('text messages through the SMS provider', () => {
  it('posts To, From and Body with basic auth, and retries after a provider error', async () => {
    const requests: { auth: string | undefined; body: URLSearchParams }[] = []
    let failuresLeft = 1
    const provider = createServer((request: IncomingMessage, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        requests.push({ auth: request.headers.authorization, body: new URLSearchParams(body) })
        response.statusCode = failuresLeft-- > 0 ? 503 : 201
        response.end('{}')
      })
    })
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', () => resolve()))
    const { port } = provider.address() as AddressInfo
    try {
      const { t, clock } = await app({
        SMS_PROVIDER_URL: `http://AC123:secret@127.0.0.1:${port}/Messages.json`,
        SMS_FROM: '+15555550199',
      })
      const c = demo('cabar_demo')
      await t.client().postJson('/api/us-web-authentication/sendUserName', {
        phoneNumber: c.phone,
        deliveryMethod: 'sms',
        appName: 'usweb',
      })
      await t.app.outbox.worker.drain()
      clock.advance(6_000)
      await t.app.outbox.worker.drain()
      expect(requests).toHaveLength(2)
      const last = requests[1]
      expect(last?.auth).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`)
      expect(last?.body.get('To')).toBe(`+1${c.phone}`)
      expect(last?.body.get('From')).toBe('+15555550199')
      expect(last?.body.get('Body')).toContain('cabar_demo')
      const rows = (await outboxMessages(t)).filter((m) => m.channel === 'sms')
      expect(rows[0]).toMatchObject({ status: 'sent', attempts: 2 })
    } finally {
      await new Promise<void>((resolve) => provider.close(() => resolve()))
    }
  })
})

describe('rate limits', () => {
  it('limits recovery requests per target and per client with a clear 429', async () => {
    const { t } = await app({ RATE_LIMIT_PER_TARGET: '3', RATE_LIMIT_PER_CLIENT: '5' })
    const ask = (email: string) =>
      t.client().postJson('/api/us-web-authentication/findEmail', {
        emailAddress: email,
        deliveryMethod: 'email',
        appName: 'usweb',
      })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await ask('target@example.com')).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
    expect((await ask('other@example.com')).statusCode).toBe(200)
    const limited = await ask('third@example.com')
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({
      error: 'Too Many Requests',
      message: 'Too many attempts. Please wait a few minutes and try again.',
    })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('an SMTP server that refuses, then hangs, then accepts (issue 22)', () => {
  it('holds the message through both, sends it once, and a sign-in meanwhile does not wait', async () => {
    const first = await smtpReceiver()
    const { port, received } = first
    await first.close() // refuses
    const { t, clock } = await app({ SMTP_URL: first.url, OUTBOX_SEND_TIMEOUT_SECONDS: '3' })
    const c = demo('bclip_demo')
    await t.client().postJson('/api/us-web-authentication/sendUserName', {
      emailAddress: c.email,
      deliveryMethod: 'email',
      appName: 'usweb',
    })
    await t.app.outbox.worker.drain()
    const [refused] = await outboxMessages(t)
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 })

    // Accepts connections and never greets.
    const sockets = new Set<Socket>()
    const hanging = createNetServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => undefined)
    })
    await new Promise<void>((resolve) => hanging.listen(port, '127.0.0.1', () => resolve()))
    try {
      clock.advance(6_500)
      let isDrained = false
      const draining = t.app.outbox.worker.drain().then(() => (isDrained = true))
      const signIn = await t.client().login('bclip_demo', demoPassword)
      expect(signIn.json()).toMatchObject({ message: 'Authentication Successful' })
      expect(isDrained).toBe(false) // answered while the send still hung
      await draining
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => hanging.close(() => resolve()))
    }
    const [hung] = await outboxMessages(t)
    expect(hung).toMatchObject({ status: 'pending', attempts: 2 })
    expect(hung?.lastError).toBe('no answer within 3000 ms')

    const accepting = await smtpReceiver({ port, received })
    try {
      for (let i = 0; i < 3; i++) {
        clock.advance(15 * 60_000)
        await t.app.outbox.worker.drain()
      }
      expect(received.map((m) => m.to)).toEqual([c.email])
      const [sent] = await outboxMessages(t)
      expect(sent).toMatchObject({ status: 'sent', attempts: 3 })
    } finally {
      await accepting.close()
    }
  })
})
