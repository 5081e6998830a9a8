// Issue 32, row A1, from the attacker's side: refusals leave audit rows with the client IP
// (a forged POST without the anti-forgery header, a burst past a sign-in limit, an agent
// calling an admin-only console call); MFA events carry the client IP; and a staff account
// created by an admin cannot use the console until it has chosen its own password, after
// which the password the admin saw no longer works.
import { describe, expect, it } from 'vitest'
import { consoleTexts, type StaffRoleName } from '@portal/contract/console'
import {
  appForFile,
  TestClient,
  demoPassword,
  auditTrail,
  latestAuditId,
  newStaff,
} from '../harness.ts'

const t = appForFile({ env: { LOGIN_LIMIT_PER_CLIENT: '3', LOGIN_LIMIT_PER_USERNAME: '50' } })

const api = '/api/console'

/** A browser at a given client address: every call it makes comes from there. */
class ClientAt extends TestClient {
  constructor(readonly ip: string) {
    super(t.app)
  }
  override send(options: Parameters<TestClient['send']>[0]) {
    return super.send({ remoteAddress: this.ip, ...options })
  }
}

/** The audit rows of `event` written after row `afterId`, oldest first. */
async function rowsOf(event: string, afterId = 0) {
  return (await auditTrail(t, afterId)).filter((row) => row.event === event)
}

const lastId = () => latestAuditId(t)

/** The newest code emailed to a staff address (the demo outbox viewer). */
const codeSentTo = (email: string) => t.client().latestCode(email)

/** A new staff account, as an admin or operator makes one; its temporary password. */
const createStaff = (email: string, role: StaffRoleName, mustChangePassword = true) =>
  newStaff(t, email, role, { mustChangePassword })

async function signInStaff(client: TestClient, email: string, password: string) {
  const signIn = await client.postJson(`${api}/sign-in`, { email, password })
  if (signIn.statusCode !== 200) return signIn
  return client.postJson(`${api}/verify`, { code: await codeSentTo(email) })
}

describe('refusals are audited with the client IP', () => {
  it('a forged POST without the anti-forgery header: 403 and one audit row', async () => {
    const before = await lastId()
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/us-web-authentication/authenticate',
      remoteAddress: '198.51.100.7',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ userName: 'bclip_demo', password: demoPassword }).toString(),
    })
    expect(forged.statusCode).toBe(403)
    const rows = await rowsOf('security.anti_forgery_refused', before)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      clientIp: '198.51.100.7',
      detail: { route: 'POST /api/us-web-authentication/authenticate', hasSession: false },
    })
    expect(rows[0]?.requestId).toBeTruthy()
    // Never a secret: neither the password sent nor any token.
    expect(JSON.stringify(rows[0])).not.toContain(demoPassword)
  })

  it('a burst past the sign-in limit: 429 and one audit row per client and limit a window', async () => {
    const before = await lastId()
    const attacker = new ClientAt('203.0.113.66')
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      statuses.push((await attacker.login(`burst_${i}`, 'Wrong#1x')).statusCode)
    }
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201])
    expect(statuses.slice(3)).toEqual([429, 429, 429, 429, 429])
    const rows = await rowsOf('security.rate_limited', before)
    // Five 429s, one row: the flood of refusals is not a flood of inserts.
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      clientIp: '203.0.113.66',
      detail: { limit: 'login-client', route: 'POST /api/us-web-authentication/authenticate' },
    })
    // Another client past the same limit has its own row.
    const other = new ClientAt('203.0.113.67')
    for (let i = 0; i < 4; i++) await other.login(`burst_other_${i}`, 'Wrong#1x')
    expect((await rowsOf('security.rate_limited', before)).map((r) => r.clientIp)).toEqual([
      '203.0.113.66',
      '203.0.113.67',
    ])
  })

  it('an agent calling admin-only console calls: 403 and an audit row each, with who and where', async () => {
    const email = 'curious.agent@portal.example'
    const agent = new ClientAt('192.0.2.44')
    await signInStaff(agent, email, await createStaff(email, 'agent', false))
    const before = await lastId()
    const reset = await agent.postJson(`${api}/members/bclip_demo/reset-mfa`, {
      reason: 'just looking around',
    })
    expect(reset.statusCode).toBe(403)
    expect(reset.json()).toMatchObject({ message: consoleTexts.notAllowed })
    const created = await agent.postJson(`${api}/staff`, {
      email: 'mine@portal.example',
      role: 'admin',
    })
    expect(created.statusCode).toBe(403)
    const disabled = await agent.postJson(`${api}/members/bclip_demo/disable`, {
      reason: 'just looking around',
    })
    expect(disabled.statusCode).toBe(403)
    const rows = await rowsOf('console.role_refused', before)
    expect(rows.map((r) => r.detail)).toEqual([
      expect.objectContaining({
        route: 'POST /api/console/members/:username/reset-mfa',
        action: 'resetMfa',
        role: 'agent',
        staffId: expect.any(Number),
      }),
      expect.objectContaining({ route: 'POST /api/console/staff', action: 'manageStaff' }),
      expect.objectContaining({
        route: 'POST /api/console/members/:username/disable',
        action: 'disable',
      }),
    ])
    for (const row of rows) {
      expect(row).toMatchObject({ clientIp: '192.0.2.44', actor: `staff:${email}` })
    }
  })
})

describe('MFA events carry the client IP', () => {
  it('code sent, code rejected and passed, each with the address the member came from', async () => {
    const before = await lastId()
    const member = new ClientAt('198.51.100.91')
    expect((await member.login('augustar_demo', demoPassword)).statusCode).toBe(201)
    await member.checkProgram()
    const decision = (await member.mfaDecision('audit-gaps-device')).json() as {
      statusCode: string
    }
    expect(decision.statusCode).toBe('CHALLENGE_LOGIN')
    await member.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    const code = await member.latestCode()
    const wrong = code === '000000' ? '111111' : '000000'
    const enter = (verificationCode: string) =>
      member.send({
        method: 'POST',
        url: '/api/mfa/enterverificationcode',
        headers: member.mfaHeaders('audit-gaps-device'),
        payload: { verificationCode },
      })
    await enter(wrong)
    await enter(code)
    for (const event of ['mfa.code_sent', 'mfa.code_rejected', 'mfa.passed']) {
      const rows = await rowsOf(event, before)
      expect(rows.length, event).toBeGreaterThan(0)
      for (const row of rows) expect(row.clientIp, event).toBe('198.51.100.91')
    }
  })
})

describe("a staff account's first sign-in", () => {
  it('cannot use the console until it chooses its own password; the admin-shown one then fails', async () => {
    // An admin creates the account in the console and is shown its password once.
    const adminEmail = 'creating.admin@portal.example'
    const admin = t.client()
    await signInStaff(admin, adminEmail, await createStaff(adminEmail, 'admin', false))
    const email = 'new.agent@portal.example'
    const created = await admin.postJson(`${api}/staff`, { email, role: 'agent' })
    expect(created.statusCode).toBe(200)
    const shown = (created.json() as { temporaryPassword: string }).temporaryPassword

    // The new agent signs in with it (password and code): told to choose their own.
    const agent = new ClientAt('192.0.2.80')
    const verified = await signInStaff(agent, email, shown)
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toEqual({
      email,
      role: 'agent',
      timeZone: 'America/Chicago',
      mustChangePassword: true,
    })
    expect((await agent.get(`${api}/me`)).json()).toMatchObject({ mustChangePassword: true })

    // Every other call: 403, audited.
    const before = await lastId()
    const search = await agent.postJson(`${api}/search`, { q: 'bclip_demo' })
    expect(search.statusCode).toBe(403)
    expect(search.json()).toMatchObject({ message: consoleTexts.passwordChangeRequired })
    // A call of member-admin.routes.ts too (its own guard).
    const disable = { reason: 'Caller verified' }
    expect((await agent.postJson(`${api}/members/bclip_demo/disable`, disable)).statusCode).toBe(
      403,
    )
    expect((await agent.get(`${api}/members/bclip_demo`)).statusCode).toBe(403)
    const refusals = await rowsOf('console.password_change_required', before)
    expect(refusals).toHaveLength(3)
    expect(refusals[0]).toMatchObject({
      actor: `staff:${email}`,
      clientIp: '192.0.2.80',
      detail: { route: 'POST /api/console/search' },
    })

    // Their own password, with the shown one as the current one.
    const own = 'my-own-long-passphrase-31'
    const changed = await agent.postJson(`${api}/password`, {
      currentPassword: shown,
      newPassword: own,
    })
    expect(changed.statusCode).toBe(200)

    // The password the admin saw no longer works; their own does, and the console opens.
    const withShown = await t.client().postJson(`${api}/sign-in`, { email, password: shown })
    expect(withShown.statusCode).toBe(401)
    const again = new ClientAt('192.0.2.80')
    const second = await signInStaff(again, email, own)
    expect(second.json()).toEqual({ email, role: 'agent', timeZone: 'America/Chicago' })
    expect((await again.postJson(`${api}/search`, { q: 'bclip_demo' })).statusCode).toBe(200)
  })

  it('a password reset by an operator must be replaced at the next sign-in', async () => {
    const email = 'reset.agent@portal.example'
    await createStaff(email, 'agent', false)
    const { memberAdminService } = await import('../../src/modules/support/member-admin.service.ts')
    const reset = await memberAdminService({ store: t.store }).changeStaffPassword(
      email,
      undefined,
      'operator-chosen-pass-1',
      'operator:test',
      'forgot it',
    )
    expect(reset.ok).toBe(true)
    const agent = t.client()
    const verified = await signInStaff(agent, email, 'operator-chosen-pass-1')
    expect(verified.json()).toMatchObject({ mustChangePassword: true })
    expect((await agent.postJson(`${api}/search`, { q: 'bclip_demo' })).statusCode).toBe(403)
  })
})
