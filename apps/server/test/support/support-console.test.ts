// Issue 15: the support console's calls, from the attacker's side: staff sign-in with a
// password and an emailed code, roles enforced by the service, console and member sessions
// kept apart both ways, the 15-minute idle timeout, the same security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits, programOf, type CwMfaResponse } from '@portal/contract'
import { consoleTexts, type StaffRoleName } from '@portal/contract/console'
import { consoleCookie } from '../../src/modules/support/console.routes.ts'
import {
  manualClock,
  startTestApp,
  type TestApp,
  type TestClient,
  demoPassword,
  accountOf,
  auditTrail,
  openIdAdmin,
  testConfig,
  newStaff,
} from '../harness.ts'

const clock = manualClock()
let t: TestApp
beforeAll(async () => {
  // Not the default zone: the console is told the one configured.
  t = await startTestApp({ clock, env: { SUPPORT_TIME_ZONE: 'America/Phoenix' } })
})
afterAll(() => t.close())

const api = '/api/console'

/** A staff account made as an operator makes one; its temporary password. */
// A staff member who has already chosen their own password (audit-gaps.test.ts has the
// first sign-in of a new account, which must choose one first).
const createStaff = (email: string, role: StaffRoleName) =>
  newStaff(t, email, role, { mustChangePassword: false })

/** The newest code emailed to a staff address (the demo outbox viewer). */
const codeSentTo = (email: string) => t.client().latestCode(email)

/** A browser with a signed-in console session. */
async function staffClient(email: string, role: StaffRoleName): Promise<TestClient> {
  const password = await createStaff(email, role)
  const client = t.client()
  const signIn = await client.postJson(`${api}/sign-in`, { email, password })
  expect(signIn.statusCode).toBe(200)
  const verified = await client.postJson(`${api}/verify`, { code: await codeSentTo(email) })
  expect(verified.json()).toEqual({ email, role, timeZone: 'America/Phoenix' })
  return client
}

let devices = 0
/** A member locks the account with six wrong codes; the ticket the support screen shows. */
async function lockWithWrongCodes(username: string, level1Org = '100'): Promise<string> {
  const client = t.client()
  await client.login(username, demoPassword, level1Org)
  await client.checkProgram()
  const headers = { mfadeviceprint: `console-device-${++devices}` }
  await client.send({ method: 'GET', url: '/api/mfa/getMFAUser', headers })
  await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
  const code = await client.latestCode()
  let answer: CwMfaResponse | undefined
  for (let i = 0; i < 6; i++) {
    const response = await client.send({
      method: 'POST',
      url: '/api/mfa/enterverificationcode',
      headers,
      payload: { verificationCode: code === '000000' ? '111111' : '000000' },
    })
    answer = response.json()
  }
  return answer?.incidentID ?? ''
}

/** Every call that needs a console session: method, path, body. */
const consoleCalls: [string, string, object?][] = [
  ['GET', '/me'],
  ['POST', '/sign-out'],
  ['POST', '/search', { q: 'bclip_demo' }],
  ['GET', '/incidents'],
  ['GET', '/incidents/INC20260101000001'],
  ['POST', '/incidents/INC20260101000001/resolve', { reason: 'Looks fine now' }],
  ['GET', '/members/bclip_demo'],
  ['POST', '/members/bclip_demo/unlock', { reason: 'Caller verified' }],
  ['POST', '/members/bclip_demo/resend-username', { reason: 'Caller verified' }],
  ['POST', '/members/bclip_demo/revoke-sessions', { reason: 'Caller verified' }],
  ['POST', '/members/bclip_demo/reset-mfa', { reason: 'Caller verified' }],
  ['GET', '/staff'],
  ['GET', '/oidc-sites'],
  ['POST', '/staff', { email: 'new.one@example.com', role: 'admin' }],
]

describe('staff sign-in', () => {
  it('asks for the password, then a code emailed to the staff address', async () => {
    const password = await createStaff('first.agent@example.com', 'agent')
    const client = t.client()
    const wrong = await client.postJson(`${api}/sign-in`, {
      email: 'first.agent@example.com',
      password: 'not-it',
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().message).toBe(consoleTexts.signInRefused)
    const unknown = await client.postJson(`${api}/sign-in`, {
      email: 'nobody@example.com',
      password,
    })
    expect(unknown.json().message).toBe(consoleTexts.signInRefused)
    const right = await client.postJson(`${api}/sign-in`, {
      email: 'FIRST.agent@example.com',
      password,
    })
    expect(right.json()).toEqual({ stage: 'code', message: consoleTexts.codeSent })
    const cookie = right.cookies.find((c) => c.name === consoleCookie)
    expect(cookie).toMatchObject({ path: '/api/console', httpOnly: true, sameSite: 'Strict' })
    // Before the code, nothing is open.
    expect((await client.get(`${api}/me`)).statusCode).toBe(401)
    expect((await client.postJson(`${api}/search`, { q: 'bclip_demo' })).statusCode).toBe(401)
    const code = await codeSentTo('first.agent@example.com')
    expect(code).toMatch(/^\d{6}$/)
    const before = client.cookies.get(consoleCookie)
    const verified = await client.postJson(`${api}/verify`, { code })
    expect(verified.statusCode).toBe(200)
    // A new id once signed in; the code-pending id is dead.
    expect(client.cookies.get(consoleCookie)).not.toBe(before)
    expect((await client.get(`${api}/me`)).json()).toEqual({
      email: 'first.agent@example.com',
      role: 'agent',
      timeZone: 'America/Phoenix',
    })
    expect((await client.postJson(`${api}/verify`, { code })).statusCode).toBe(401)
  })

  it('ends the attempt after six wrong codes, even with the right one last', async () => {
    const password = await createStaff('guesser@example.com', 'admin')
    const client = t.client()
    await client.postJson(`${api}/sign-in`, { email: 'guesser@example.com', password })
    const code = await codeSentTo('guesser@example.com')
    const wrong = code === '000000' ? '111111' : '000000'
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.postJson(`${api}/verify`, { code: wrong })),
    )
    expect(answers.every((a) => a.statusCode === 401)).toBe(true)
    expect((await client.postJson(`${api}/verify`, { code })).statusCode).toBe(401)
    expect((await client.get(`${api}/me`)).statusCode).toBe(401)
  })

  it('refuses an expired code', async () => {
    const password = await createStaff('slow.agent@example.com', 'agent')
    const client = t.client()
    await client.postJson(`${api}/sign-in`, { email: 'slow.agent@example.com', password })
    const code = await codeSentTo('slow.agent@example.com')
    clock.advance(11 * 60_000)
    expect((await client.postJson(`${api}/verify`, { code })).statusCode).toBe(401)
  })

  it('answers bad input with 400, never 5xx, and needs the anti-forgery header', async () => {
    const client = t.client()
    for (const body of [{}, { email: 'x' }, { email: 'a@b.c', password: 'p'.repeat(500) }]) {
      expect((await client.postJson(`${api}/sign-in`, body)).statusCode).toBe(400)
    }
    expect((await client.postJson(`${api}/verify`, { code: 'abc' })).statusCode).toBe(400)
    const forged = await t.app.inject({
      method: 'POST',
      url: `${api}/sign-in`,
      payload: { email: 'a@b.c', password: 'x' },
    })
    expect(forged.statusCode).toBe(403)
  })
})

describe('sessions kept apart', () => {
  it('gives a signed-in member 401 on every console call', async () => {
    const member = t.client()
    await member.signIn('bclip_demo', demoPassword)
    for (const [method, path, body] of consoleCalls) {
      const response = await member.send({ method, url: `${api}${path}`, payload: body })
      expect(response.statusCode, `${method} ${path}`).toBe(401)
    }
    // Even the member's own session id put in the console's cookie means nothing.
    const sid = member.cookies.get('portal_sid') ?? ''
    expect(sid).not.toBe('')
    member.cookies.set(consoleCookie, sid)
    expect((await member.get(`${api}/me`)).statusCode).toBe(401)
  })

  it('never lets a console session act as a member, whatever cookie it is put in', async () => {
    const agent = await staffClient('apart.agent@example.com', 'agent')
    // The console's cookie is sent along (a browser would not: its path is /api/console).
    for (const url of ['/api/mfa/getDetails', '/api/us-web-authentication/getUser']) {
      expect((await agent.get(url)).statusCode, url).toBe(401)
    }
    expect((await agent.postJson('/api/portal/handoff')).statusCode).toBe(401)
    // Its id as a member's session id: nothing either.
    agent.cookies.set('portal_sid', agent.cookies.get(consoleCookie) ?? '')
    expect((await agent.get('/api/mfa/getDetails')).statusCode).toBe(401)
    // A page hands out the anti-forgery token for that cookie, so the handler is what refuses.
    await agent.get('/usweb/login')
    expect((await agent.postJson('/api/portal/handoff')).statusCode).toBe(401)
  })

  it('ends a console session after 15 idle minutes, not while in use', async () => {
    const agent = await staffClient('idle.agent@example.com', 'agent')
    for (let i = 0; i < 3; i++) {
      clock.advance(14 * 60_000)
      expect((await agent.get(`${api}/me`)).statusCode).toBe(200)
    }
    clock.advance(15 * 60_000 + 1_000)
    const ended = await agent.get(`${api}/me`)
    expect(ended.statusCode).toBe(401)
    expect(ended.json().message).toBe(consoleTexts.sessionEnded)
  })

  it('sends the same security headers as the portal', async () => {
    const agent = await staffClient('headers.agent@example.com', 'agent')
    const response = await agent.get(`${api}/me`)
    expect(response.headers['content-security-policy']).toContain("default-src 'none'")
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('signs out: the session is gone', async () => {
    const agent = await staffClient('leaving.agent@example.com', 'agent')
    const cookie = agent.cookies.get(consoleCookie) ?? ''
    expect((await agent.postJson(`${api}/sign-out`)).statusCode).toBe(200)
    agent.cookies.set(consoleCookie, cookie)
    expect((await agent.get(`${api}/me`)).statusCode).toBe(401)
  })
})

describe('roles', () => {
  it('lets an agent look up, unlock and resend, but not reset MFA, revoke or manage staff', async () => {
    const agent = await staffClient('role.agent@example.com', 'agent')
    const ticket = await lockWithWrongCodes('fidbond_demo', '200')
    const found = (await agent.postJson(`${api}/search`, { q: ticket.toLowerCase() })).json()
    expect(found.incident).toMatchObject({ incidentId: ticket, username: 'fidbond_demo' })
    for (const path of ['reset-mfa', 'revoke-sessions']) {
      const refused = await agent.postJson(`${api}/members/fidbond_demo/${path}`, {
        reason: 'Caller verified',
      })
      expect(refused.statusCode, path).toBe(403)
      expect(refused.json().message).toBe(consoleTexts.notAllowed)
    }
    expect((await agent.get(`${api}/staff`)).statusCode).toBe(403)
    expect(
      (await agent.postJson(`${api}/staff`, { email: 'x@example.com', role: 'admin' })).statusCode,
    ).toBe(403)
    const member = (await agent.get(`${api}/members/fidbond_demo`)).json()
    expect(member).toMatchObject({ status: 'locked', isLocked: true })
    expect(member.incidents[0]).toMatchObject({ incidentId: ticket, status: 'open' })
    expect(member.timeline.map((e: { event: string }) => e.event)).toContain('mfa.locked')
    expect(JSON.stringify(member)).not.toContain('fidbond.demo@example.com')
    const noReason = await agent.postJson(`${api}/members/fidbond_demo/unlock`, { reason: ' ' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().message).toBe(consoleTexts.reasonRequired)
    const unlocked = await agent.postJson(`${api}/members/fidbond_demo/unlock`, {
      reason: 'Caller verified by phone',
    })
    expect(unlocked.json()).toEqual({ resolvedIncidents: [ticket] })
    const row = (await auditTrail(t)).findLast((r) => r.event === 'support.unlocked')
    expect(row).toMatchObject({
      username: 'fidbond_demo',
      actor: 'staff:role.agent@example.com',
      reason: 'Caller verified by phone',
    })
    const again = await agent.postJson(`${api}/members/fidbond_demo/unlock`, {
      reason: 'Caller verified by phone',
    })
    expect(again.statusCode).toBe(409)
    const resent = await agent.postJson(`${api}/members/fidbond_demo/resend-username`, {
      reason: 'Member asked',
    })
    expect(resent.json()).toEqual({ sentTo: expect.stringMatching(/^f\*+@example\.com$/) })
    const incident = (await agent.get(`${api}/incidents/${ticket}`)).json()
    expect(incident).toMatchObject({
      status: 'resolved',
      resolvedBy: 'staff:role.agent@example.com',
      resolution: 'Caller verified by phone',
    })
    expect((await agent.get(`${api}/members/nobody_here`)).statusCode).toBe(404)
    const nothing = await agent.postJson(`${api}/search`, { q: 'nothing_like_it' })
    expect(nothing.statusCode).toBe(404)
    expect(nothing.json().message).toBe(consoleTexts.searchNothing)
  })

  it('lets an admin reset MFA, revoke sessions and create staff', async () => {
    const admin = await staffClient('role.admin@example.com', 'admin')
    const reset = await admin.postJson(`${api}/members/cabar_demo/reset-mfa`, {
      reason: 'Lost phone, verified by ID',
    })
    expect(reset.statusCode).toBe(200)
    const revoked = await admin.postJson(`${api}/members/cabar_demo/revoke-sessions`, {
      reason: 'Shared computer',
    })
    expect(revoked.json()).toEqual({ endedSessions: 0 })
    const created = await admin.postJson(`${api}/staff`, {
      email: 'Made.By.Admin@example.com',
      role: 'agent',
    })
    expect(created.json()).toMatchObject({
      email: 'made.by.admin@example.com',
      role: 'agent',
      temporaryPassword: expect.any(String),
    })
    const list = (await admin.get(`${api}/staff`)).json()
    expect(list).toContainEqual(
      expect.objectContaining({
        email: 'made.by.admin@example.com',
        createdBy: 'staff:role.admin@example.com',
      }),
    )
    expect(
      (await admin.postJson(`${api}/staff`, { email: 'made.by.admin@example.com', role: 'agent' }))
        .statusCode,
    ).toBe(409)
    const { id } = await accountOf(t, 'cabar_demo')
    const rows = (await auditTrail(t)).filter((r) => r.userId === id)
    expect(rows.find((r) => r.event === 'support.mfa_reset')).toMatchObject({
      actor: 'staff:role.admin@example.com',
      reason: 'Lost phone, verified by ID',
    })
  })
})

describe('program sites (issue 44)', () => {
  it('lists the registered OpenID Connect sites to an admin, read-only, and to no agent', async () => {
    const admin = await staffClient('sites.admin@example.com', 'admin')
    expect((await admin.get(`${api}/oidc-sites`)).json()).toEqual([])
    const key = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])
    const publicJwk = await crypto.subtle.exportKey('jwk', key.publicKey)
    await openIdAdmin(
      { database: t.database, clock },
      { issuer: 'http://localhost:8080/oidc', sessionSecret: testConfig().sessionSecret },
    ).addSite(
      {
        clientId: 'cabar-site',
        program: 'cabar',
        redirectUris: ['https://cabar.example.test/cb'],
        jwks: { keys: [{ ...publicJwk, kid: 'cabar-1', alg: 'ES256', use: 'sig' }] },
      },
      'console test',
    )
    const listed = await admin.get(`${api}/oidc-sites`)
    expect(listed.statusCode).toBe(200)
    expect(listed.json()).toEqual([
      {
        clientId: 'cabar-site',
        program: 'cabar',
        redirectUris: ['https://cabar.example.test/cb'],
        createdAt: clock.now().toISOString(),
      },
    ])
    // Nothing of the site's keys or other metadata is shown.
    expect(listed.body).not.toContain(String(publicJwk.x))
    const agent = await staffClient('sites.agent@example.com', 'agent')
    const refused = await agent.get(`${api}/oidc-sites`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(consoleTexts.notAllowed)
  })
})

describe('what the desk needs on a call (review problem 14)', () => {
  it('names the member, the program and what locked the account: six wrong codes, and when', async () => {
    const agent = await staffClient('names.agent@example.com', 'agent')
    const program = programOf('equipmentrenew')
    const ticket = await lockWithWrongCodes('equipmentrenew_demo', program.level1Org)
    const member = (await agent.get(`${api}/members/equipmentrenew_demo`)).json()
    const lockLine = (await auditTrail(t)).findLast((r) => r.event === 'mfa.locked')
    expect(member).toMatchObject({
      firstName: 'Dana',
      customerName: 'EQU Demo Holdings LLC',
      programName: program.displayName,
      isLocked: true,
      lock: {
        cause: 'codes',
        attempts: limits.verificationCodeMaxAttempts,
        at: lockLine?.at.toISOString(),
      },
      // Both counters: the codes locked it, the password was right.
      failedAttempts: 0,
      wrongCodes: limits.verificationCodeMaxAttempts,
    })
    const incident = (await agent.get(`${api}/incidents/${ticket}`)).json()
    expect(incident).toMatchObject({
      firstName: 'Dana',
      customerName: 'EQU Demo Holdings LLC',
      programName: program.displayName,
    })
    await agent.postJson(`${api}/members/equipmentrenew_demo/unlock`, { reason: 'Caller verified' })
    expect((await agent.get(`${api}/members/equipmentrenew_demo`)).json()).toMatchObject({
      lock: null,
      wrongCodes: 0,
    })
  })

  it('says a lock by wrong passwords, with their count, not a refused sign-in after it', async () => {
    const agent = await staffClient('passwords.agent@example.com', 'agent')
    const program = programOf('dtcria')
    const member = t.client()
    for (let i = 0; i <= limits.failedLoginsBeforeLock; i++) {
      // The last one is refused as locked, and is no cause of the lock.
      await member.login('dtcria_demo', 'Not-the-password-1', program.level1Org)
    }
    const view = (await agent.get(`${api}/members/dtcria_demo`)).json()
    expect(view.lock).toMatchObject({
      cause: 'passwords',
      attempts: limits.failedLoginsBeforeLock,
      at: expect.any(String),
    })
    expect(view.timeline[0].event).toBe('login.locked')
  })
})
