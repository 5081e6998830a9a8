// Issue 40, row A2, from the attacker's side: someone holding a staff member's console session
// (a browser left open) guesses that member's current password through the console's own
// password change. The review's 25 guesses in half a second all answered 403, none audited,
// the session alive. Now: each wrong guess is audited with who and where, a few end the
// session, and a per-staff limit answers 429 however many race. The staff member who knows
// their password still changes it.
import { describe, expect, it } from 'vitest'
import { consoleTexts } from '@portal/contract/console'
import { tooManyRequests } from '../../src/plugins/rate-limits.ts'
import { currentPasswordRefusalsBeforeSignOut } from '../../src/modules/support/staff.service.ts'
import { appForFile, TestClient, auditTrail, createStaff } from '../harness.ts'

const perStaffLimit = 5
const t = appForFile({ env: { RATE_LIMIT_PER_TARGET: String(perStaffLimit) } })

const api = '/api/console'
const newPassword = 'Mv7!Tq2#Lp9@Xr4z-long-enough'

/** A browser at one client address: every call it makes comes from there. */
class ClientAt extends TestClient {
  constructor(readonly ip: string) {
    super(t.app)
  }
  override send(options: Parameters<TestClient['send']>[0]) {
    return super.send({ remoteAddress: this.ip, ...options })
  }
}

/** A signed-in console session of a new agent who has chosen their own password. */
async function agentSession(email: string, ip: string) {
  const password = await createStaff({ database: t.database, clock: t.app.clock }, email, 'agent')
  const browser = new ClientAt(ip)
  expect((await browser.postJson(`${api}/sign-in`, { email, password })).statusCode).toBe(200)
  const code = await t.client().latestCode(email)
  expect((await browser.postJson(`${api}/verify`, { code })).statusCode).toBe(200)
  return { browser, password }
}

const guess = (browser: TestClient, currentPassword: string) =>
  browser.postJson(`${api}/password`, { currentPassword, newPassword })

async function auditRows(event: string, actor: string, afterId = 0) {
  return (await auditTrail(t, afterId)).filter((row) => row.event === event && row.actor === actor)
}

describe("A2: guessing one's own current password from a console session", () => {
  it('audits each wrong guess with who and where, and ends the session after a few', async () => {
    const email = 'guessed.agent@portal.example'
    const { browser } = await agentSession(email, '192.0.2.61')
    const statuses: number[] = []
    for (let i = 0; i < currentPasswordRefusalsBeforeSignOut; i++) {
      const answer = await guess(browser, `Guess#${i}xxxxxx`)
      statuses.push(answer.statusCode)
      if (answer.statusCode === 403) {
        expect(answer.json()).toMatchObject({ message: consoleTexts.currentPasswordRefused })
      } else {
        expect(answer.json()).toMatchObject({ message: consoleTexts.sessionEnded })
      }
    }
    expect(statuses).toEqual([...Array(currentPasswordRefusalsBeforeSignOut - 1).fill(403), 401])
    // The session is over: nothing else answers for it, not even another guess.
    expect((await browser.get(`${api}/me`)).statusCode).toBe(401)
    expect((await guess(browser, 'Guess#againxxx')).statusCode).toBe(401)

    const actor = `staff:${email}`
    const refused = await auditRows('console.current_password_refused', actor)
    expect(refused).toHaveLength(currentPasswordRefusalsBeforeSignOut)
    for (const row of refused) expect(row.clientIp).toBe('192.0.2.61')
    expect(refused.map((row) => (row.detail as { refusals: number }).refusals)).toEqual(
      Array.from({ length: currentPasswordRefusalsBeforeSignOut }, (_, i) => i + 1),
    )
    const ended = await auditRows('console.session_ended', actor)
    expect(ended).toHaveLength(1)
    expect(ended[0]).toMatchObject({ clientIp: '192.0.2.61' })
    // Never the guessed password in the trail.
    expect(JSON.stringify(refused)).not.toContain('Guess#')
  })

  it('stops 25 parallel guesses at the per-staff limit (429), and the session ends', async () => {
    const email = 'raced.agent@portal.example'
    const { browser, password } = await agentSession(email, '192.0.2.62')
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => guess(browser, `Guess#${i}xxxxxx`)),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    // Only the limit's worth reach the password check; the rest are 429 with the spec message.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      25 - perStaffLimit,
    )
    expect(
      statuses.filter((status) => status === 403 || status === 401).length,
    ).toBeLessThanOrEqual(perStaffLimit)
    expect(statuses).not.toContain(200)
    for (const answer of answers.filter((answer) => answer.statusCode === 429)) {
      expect(answer.json()).toMatchObject({ message: tooManyRequests })
    }
    expect((await browser.get(`${api}/me`)).statusCode).toBe(401)

    // From a new session (password and code again), the right current password waits too:
    // the limit is the staff member's, not the session's.
    const again = new ClientAt('192.0.2.62')
    expect((await again.postJson(`${api}/sign-in`, { email, password })).statusCode).toBe(200)
    const code = await t.client().latestCode(email)
    expect((await again.postJson(`${api}/verify`, { code })).statusCode).toBe(200)
    expect((await guess(again, password)).statusCode).toBe(429)
    const limited = (await auditTrail(t)).filter(
      (row) => row.event === 'security.rate_limited' && row.clientIp === '192.0.2.62',
    )
    expect(limited.map((row) => row.detail)).toContainEqual(
      expect.objectContaining({ limit: 'console-password', route: 'POST /api/console/password' }),
    )
  })

  it('lets the staff member who knows the password change it after a slip', async () => {
    const email = 'rightful.agent@portal.example'
    const { browser, password } = await agentSession(email, '192.0.2.63')
    expect((await guess(browser, 'Typo#of-the-password')).statusCode).toBe(403)
    const changed = await guess(browser, password)
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ message: consoleTexts.passwordChanged })
    // The new password signs in; the old one no longer does.
    const old = await t.client().postJson(`${api}/sign-in`, { email, password })
    expect(old.statusCode).toBe(401)
    const fresh = await t.client().postJson(`${api}/sign-in`, { email, password: newPassword })
    expect(fresh.statusCode).toBe(200)
  })
})
