// Running the service (issue 12): request ids, the technical-difficulties reference, metrics,
// the outbox's expired codes and dead letters, retention and the operator commands.
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { opsCommands } from '../../src/cli/ops-commands.ts'
import { startManagementServer } from '../../src/plugins/metrics.ts'
import { outboxWriter } from '../../src/delivery/outbox.ts'
import { templates } from '../../src/delivery/templates.ts'
import {
  manualClock,
  startTestApp,
  type TestApp,
  demoPassword,
  addLogouts,
  addMessages,
  addSessions,
  auditTrail,
  outboxMessages,
  sessionsOf,
} from '../harness.ts'
import { smtpReceiver } from '../smtp-receiver.ts'

const opened: TestApp[] = []
afterAll(() => Promise.all(opened.map((t) => t.close())))
afterEach(() => vi.restoreAllMocks())

async function app(env: Record<string, string> = {}, clock = manualClock()) {
  const t = await startTestApp({ env, clock })
  opened.push(t)
  return { t, clock }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Runs an operator command as `portal-admin` would, collecting what it prints. */
async function operator(t: TestApp, command: string, ...args: string[]) {
  const printed: string[] = []
  vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line))
  vi.spyOn(console, 'error').mockImplementation((line: string) => void printed.push(line))
  const run = opsCommands[command]
  if (!run) throw new Error(command)
  const code = await run({ database: t.database, config: t.config, clock: t.app.clock }, args)
  vi.restoreAllMocks()
  return { code, output: printed.join('\n') }
}

describe('request ids', () => {
  it('gives every request a UUID, echoes it, and writes it in the audit row', async () => {
    const { t } = await app()
    const client = t.client()
    const answer = await client.login('bclip_demo', demoPassword)
    const id = answer.headers['x-request-id']
    expect(id).toMatch(uuid)
    const row = (await auditTrail(t)).find((a) => a.event === 'login.succeeded')
    expect(row?.requestId).toBe(id)
  })

  it('takes x-request-id only from a trusted proxy, and only when it looks like an id', async () => {
    const direct = (await app()).t
    const proxied = (await app({ TRUST_PROXY: '1' })).t
    const elsewhere = (await app({ TRUST_PROXY: '203.0.113.7' })).t
    const sent = { 'x-request-id': 'lb-7f3a9c21-0001' }
    const fromClient = await direct.app.inject({ url: '/healthz', headers: sent })
    expect(fromClient.headers['x-request-id']).toMatch(uuid)
    const fromProxy = await proxied.app.inject({ url: '/healthz', headers: sent })
    expect(fromProxy.headers['x-request-id']).toBe('lb-7f3a9c21-0001')
    const forged = await proxied.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nwith a newline' },
    })
    expect(forged.headers['x-request-id']).toMatch(uuid)
    // A proxy list that does not include the peer (the loopback inject) is not trusted.
    const notTheProxy = await elsewhere.app.inject({ url: '/healthz', headers: sent })
    expect(notTheProxy.headers['x-request-id']).toMatch(uuid)
  })
})

describe('metrics', () => {
  it('are not served on the service port without METRICS_TOKEN', async () => {
    const { t } = await app()
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404)
  })

  it('answer only with the bearer token, with sign-in, MFA, code and outbox samples', async () => {
    const token = randomBytes(24).toString('base64url')
    const { t } = await app({ METRICS_TOKEN: token })
    const client = t.client()
    await client.login('bclip_demo', 'wrong-password')
    await client.signIn('bclip_demo', demoPassword)
    // Three wrong passwords lock fidbond_demo; a fourth attempt finds it locked.
    for (let i = 0; i < 4; i++) await t.client().login('fidbond_demo', 'wrong-password', '200')
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401)
    const wrong = { authorization: `Bearer ${token}x` }
    expect((await t.app.inject({ url: '/metrics', headers: wrong })).statusCode).toBe(401)
    const scrape = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(scrape.statusCode).toBe(200)
    expect(scrape.body).toContain('portal_sign_ins_total{outcome="failed"} 3')
    expect(scrape.body).toContain('portal_sign_ins_total{outcome="succeeded"} 1')
    expect(scrape.body).toContain('portal_mfa_outcomes_total{outcome="passed"} 1')
    expect(scrape.body).toContain('portal_codes_sent_total 1')
    expect(scrape.body).toMatch(/portal_outbox_depth \d+/)
    expect(scrape.body).toMatch(/portal_outbox_oldest_pending_age_seconds [\d.]+/)
    expect(scrape.body).toContain('portal_lockouts_total{step="password"} 1')
    expect(scrape.body).toContain('portal_sign_ins_total{outcome="locked"} 2')
    expect(scrape.body).toMatch(
      /portal_http_request_duration_seconds_count\{method="POST",route="\/api\/us-web-authentication\/authenticate",status_code="20\d"\} \d/,
    )
  })
  it('are served without a token on METRICS_PORT alone', async () => {
    const { t } = await app()
    const server = await startManagementServer(t.app.metrics, 0, '127.0.0.1')
    try {
      const { port } = server.address() as AddressInfo
      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(scrape.status).toBe(200)
      expect(await scrape.text()).toMatch(/^portal_outbox_depth \d+$/m)
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('the outbox', () => {
  it('does not send a verification code older than its lifetime', async () => {
    const smtp = await smtpReceiver()
    try {
      const { t, clock } = await app({ SMTP_URL: smtp.url })
      const client = t.client()
      await client.login('bclip_demo', demoPassword)
      await client.checkProgram()
      await client.get('/api/mfa/getMFAUser')
      await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
      clock.advance(11 * 60_000)
      await t.app.outbox.worker.drain()
      const rows = (await outboxMessages(t)).filter((m) => m.template === 'verification-code')
      expect(rows.map((r) => r.status)).toEqual(['expired'])
      expect(rows[0]?.sealedBody).toBe('')
      expect(smtp.received).toEqual([])
    } finally {
      await smtp.close()
    }
  })

  it('dead-letters a body it cannot unseal, never sends it blank, and lets an operator re-queue it', async () => {
    const smtp = await smtpReceiver()
    try {
      const { t, clock } = await app({ SMTP_URL: smtp.url })
      // Sealed under another SESSION_SECRET (a rotated secret, a misconfigured instance).
      const stranger = outboxWriter(randomBytes(32), clock)
      await stranger.enqueue(t.database.db, {
        channel: 'email',
        recipient: 'dead.letter@example.com',
        program: 'bclip',
        message: templates.username({ name: 'BCLIP', phone: '800-555-0100' }, 'someone'),
      })
      await t.app.outbox.worker.drain()
      const row = (await outboxMessages(t)).find((m) => m.recipient === 'dead.letter@example.com')
      expect(row).toMatchObject({ status: 'dead' })
      expect(row?.lastError).toMatch(/cannot be unsealed/)
      expect(smtp.received).toEqual([])

      const listed = await operator(t, 'outbox-dead-letters')
      expect(listed.output).toMatch(new RegExp(`^${row?.id}\\tdead\\temail\\tusername`, 'm'))
      const requeued = await operator(t, 'outbox-requeue', String(row?.id))
      expect(requeued).toEqual({ code: 0, output: `Message ${row?.id} is queued again.` })
      const again = (await outboxMessages(t)).find((m) => m.id === row?.id)
      expect(again).toMatchObject({ status: 'pending', attempts: 0 })
      // Still unreadable with this key: dead again, still never sent blank.
      await t.app.outbox.worker.drain()
      expect(smtp.received).toEqual([])
      expect((await operator(t, 'outbox-requeue', '999999')).code).toBe(1)
    } finally {
      await smtp.close()
    }
  })
})

describe('retention', () => {
  it('purges expired sessions, old finished messages and old audit rows, and keeps the rest', async () => {
    const { t } = await app({ OUTBOX_RETENTION_DAYS: '30', AUDIT_RETENTION_DAYS: '400' })
    const now = t.app.clock.now().getTime()
    const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60_000)
    await addSessions(t, 'bclip_demo', daysAgo(1), [
      { idHash: 'expired', expiresAt: daysAgo(0.5) },
      { idHash: 'live', expiresAt: daysAgo(-1) },
    ])
    await addMessages(t, [
      { recipient: 'old.sent@example.com', status: 'sent', at: daysAgo(31) },
      { recipient: 'new.sent@example.com', status: 'sent', at: daysAgo(29) },
      { recipient: 'old.pending@example.com', status: 'pending', at: daysAgo(31) },
    ])
    await addLogouts(t, [
      { username: 'old', at: daysAgo(401) },
      { username: 'recent', at: daysAgo(399) },
    ])

    expect(await t.app.purgeExpired()).toEqual({ sessions: 1, outbox: 1, audit: 1 })
    const left = await sessionsOf(t)
    expect(left.map((s) => s.idHash)).toContain('live')
    expect(left.map((s) => s.idHash)).not.toContain('expired')
    const recipients = (await outboxMessages(t)).map((m) => m.recipient)
    expect(recipients).toEqual(
      expect.arrayContaining(['new.sent@example.com', 'old.pending@example.com']),
    )
    expect(recipients).not.toContain('old.sent@example.com')
    const audited = (await auditTrail(t)).map((a) => a.username)
    expect(audited).toContain('recent')
    expect(audited).not.toContain('old')

    // The operator's purge takes other numbers of days.
    const purged = await operator(t, 'purge', '--audit-days', '0')
    expect(purged.code).toBe(0)
    expect(purged.output).toMatch(/audit row\(s\) older than 0 day/)
    expect(await auditTrail(t)).toEqual([])
    expect((await operator(t, 'purge', '--outbox-days', 'soon')).code).toBe(1)
  })
})

describe('operator commands', () => {
  it('changes a program phone, which the header lookup then shows', async () => {
    const { t } = await app()
    const changed = await operator(t, 'set-program-phone', 'bclip', '312-555-0199')
    expect(changed.code).toBe(0)
    const answer = await t.client().get('/api/customer-api/getPOMailingAddress/bclip')
    expect(answer.json()).toEqual({ PHONE: '3125550199' })
    expect((await operator(t, 'set-program-phone', 'nosuch', '3125550199')).code).toBe(1)
    expect((await operator(t, 'set-program-phone', 'bclip', '555')).code).toBe(1)
  })

  it('reports the database up to date after migrating', async () => {
    const { t } = await app()
    const migrated = await operator(t, 'migrate')
    expect(migrated).toMatchObject({ code: 0 })
    expect(migrated.output).toMatch(/up to date; reference data version \d+/)
  })
})
