// Issue 40, S1, from the attacker's side: a sign-in whose password was being checked when
// the member was disabled, or when the password changed, starts nothing after it. The
// statement that starts the session checks the member again (not disabled, the password still
// the one verified); every member call refuses a disabled member; a disable forgets the
// member's trusted devices, so a browser trusted before it passes a code again.
//
// "In flight" is made exact instead of raced: the service's password verifications are held
// (concurrency 0: each waits in the queue after reading the member), the event happens, then
// they are let go. lib/passwords.ts's queue hands each finishing slot to the next in order.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { authMessages, programOf, type CwMfaResponse, type ProgramCode } from '@portal/contract'
import {
  hashPassword,
  passwordHashingLoad,
  setPasswordHashingBounds,
  verifyAgainstDummy,
} from '../../src/lib/passwords.ts'
import {
  startTestApp,
  type TestApp,
  type TestClient,
  demoPassword,
  changeOwnPassword,
  disableAccount,
  newStaff,
} from '../harness.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  setPasswordHashingBounds(t.config.passwordHashing)
  await t.close()
})

const api = '/api/console'
const level1OrgOf = (username: string) =>
  programOf(username.replace(/_demo$/, '') as ProgramCode).level1Org

let admins = 0
async function adminClient(): Promise<TestClient> {
  const email = `in.flight.admin.${++admins}@example.com`
  const password = await newStaff(t, email, 'admin', { mustChangePassword: false })
  const admin = t.client()
  expect((await admin.postJson(`${api}/sign-in`, { email, password })).statusCode).toBe(200)
  const code = await t.client().latestCode(email)
  expect((await admin.postJson(`${api}/verify`, { code })).statusCode).toBe(200)
  return admin
}

/** Password, program check and the second-factor decision, in `browser` (a new one if none). */
async function signIn(username: string, password: string, browser = t.client()) {
  const login = await browser.login(username, password, level1OrgOf(username))
  const message = (login.json() as { message: string }).message
  if (message !== authMessages.success) return { browser, message, decision: undefined }
  await browser.checkProgram()
  const decision = (await browser.mfaDecision()).json() as CwMfaResponse
  return { browser, message, decision }
}

/** The owner passes a code in their own browser, which is then trusted (its device cookie). */
async function passCode(browser: TestClient) {
  await browser.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
  const passed = await browser.postJson('/api/mfa/enterverificationcode', {
    verificationCode: await browser.latestCode(),
  })
  expect(passed.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
}

/** Holds every password verification from now on; `release` lets them finish, in order. */
function holdPasswordVerifications() {
  setPasswordHashingBounds({ ...t.config.passwordHashing, concurrency: 0 })
  return {
    /** Resolves once `count` verifications wait: those sign-ins have read the member. */
    waitingFor: (count: number) =>
      vi.waitFor(() => expect(passwordHashingLoad().waiting).toBe(count), { timeout: 10_000 }),
    async release() {
      setPasswordHashingBounds(t.config.passwordHashing)
      // One verification of its own: when it finishes, it hands its slot to the first held.
      await verifyAgainstDummy('release the held verifications')
    },
  }
}

/** What a browser's session may still do: the decision and the hand-off, as their statuses. */
async function whatIsLeft(browser: TestClient) {
  const decision = await browser.mfaDecision()
  const handoff = await browser.postJson('/api/portal/handoff')
  return { decision: decision.statusCode, handoff: handoff.statusCode }
}

describe('a disable while sign-ins are in flight', () => {
  it('six logins from copies of a trusted browser, verified before the disable, start nothing after it, nor after the enable', async () => {
    const username = 'cabar_demo'
    const owner = (await signIn(username, demoPassword)).browser
    await passCode(owner)
    // The owner's browser is trusted: a sign-in in it skips the code.
    const trusted = await signIn(username, demoPassword, t.client().carryDeviceFrom(owner))
    expect(trusted.decision).toMatchObject({ statusCode: 'ALLOW_LOGIN' })
    const admin = await adminClient()

    // Six logins in parallel from copies of that browser; the disable lands while each one's
    // password is being checked.
    const copies = Array.from({ length: 6 }, () => t.client().carryDeviceFrom(owner))
    const held = holdPasswordVerifications()
    const logins = copies.map((copy) => copy.login(username, demoPassword, level1OrgOf(username)))
    await held.waitingFor(6)
    const disabled = await admin.postJson(`${api}/members/${username}/disable`, {
      reason: 'Fraud report, ticket 1',
    })
    expect(disabled.statusCode).toBe(200)
    await held.release()
    const answers = (await Promise.all(logins)).map(
      (r) => (r.json() as { message: string }).message,
    )
    expect(answers).toEqual(Array(6).fill(authMessages.userLocked))
    for (const copy of copies) {
      expect(await whatIsLeft(copy)).toEqual({ decision: 401, handoff: 401 })
    }

    // The enable brings none of them back, and the trusted mark was forgotten with the disable.
    const enabled = await admin.postJson(`${api}/members/${username}/enable`, {
      reason: 'Fraud report closed, ticket 1',
    })
    expect(enabled.statusCode).toBe(200)
    for (const copy of copies) {
      expect(await whatIsLeft(copy)).toEqual({ decision: 401, handoff: 401 })
    }
    const copied = await signIn(username, demoPassword, t.client().carryDeviceFrom(owner))
    expect(copied.decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    expect((await copied.browser.postJson('/api/portal/handoff')).statusCode).toBe(401)

    // The rightful member, disabled and enabled again, signs in with a code and is handed off.
    const back = await signIn(username, demoPassword, t.client().carryDeviceFrom(owner))
    expect(back.message).toBe(authMessages.success)
    expect(back.decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    await passCode(back.browser)
    expect((await back.browser.postJson('/api/portal/handoff')).statusCode).toBe(200)
  })

  it('refuses every member call of a session whose member is disabled under it', async () => {
    const username = 'bclip_demo'
    const { browser, decision } = await signIn(username, demoPassword)
    expect(decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    // The flag alone (the disable also ends the sessions; this is the guard behind that).
    const setDisabled = (isDisabled: boolean) => disableAccount(t, username, isDisabled)
    await setDisabled(true)
    try {
      expect((await browser.get('/api/mfa/getDetails')).statusCode).toBe(401)
      expect(
        (await browser.postJson('/api/mfa/submitVerification', { rgValue: 'email' })).statusCode,
      ).toBe(401)
      expect((await browser.get('/api/us-web-authentication/getUser')).statusCode).toBe(401)
    } finally {
      await setDisabled(false)
    }
  })
})

describe('a disable while a temporary password is in flight', () => {
  it('the temporary password verified before the disable is not spent and starts nothing; after the enable it signs the owner in', async () => {
    const username = 'dtcpnc_demo'
    const admin = await adminClient()
    const asked = await t.client().postJson('/api/us-web-authentication/sendTempPassword', {
      emailAddress: 'dtcpnc.demo@example.com',
      deliveryMethod: 'email',
      appName: 'usweb',
    })
    expect(asked.statusCode).toBe(200)
    const sent = (await t.client().get('/dev/outbox.json')).json() as {
      template: string
      body: string
    }[]
    const temporary =
      /is: (\S+)/.exec(sent.find((m) => m.template === 'temporary-password')?.body ?? '')?.[1] ?? ''

    const browser = t.client()
    const held = holdPasswordVerifications()
    const login = browser.login(username, temporary, level1OrgOf(username))
    await held.waitingFor(1)
    const disabled = await admin.postJson(`${api}/members/${username}/disable`, {
      reason: 'Fraud report, ticket 2',
    })
    expect(disabled.statusCode).toBe(200)
    await held.release()
    expect((await login).json()).toEqual({ message: authMessages.userLocked })
    expect(await whatIsLeft(browser)).toEqual({ decision: 401, handoff: 401 })

    const enabled = await admin.postJson(`${api}/members/${username}/enable`, {
      reason: 'Fraud report closed, ticket 2',
    })
    expect(enabled.statusCode).toBe(200)
    expect(await whatIsLeft(browser)).toEqual({ decision: 401, handoff: 401 })
    const owner = await t.client().login(username, temporary, level1OrgOf(username))
    expect(owner.json()).toEqual({ message: authMessages.success, temporaryPassword: true })
  })
})

describe('a password change while sign-ins with the old one are in flight', () => {
  it('six old-password logins verified before the change start nothing after it', async () => {
    const username = 'fidbond_demo'
    const newPassword = 'Harbor#Lantern72'
    const newHash = await hashPassword(newPassword)

    const browsers = Array.from({ length: 6 }, () => t.client())
    const held = holdPasswordVerifications()
    const logins = browsers.map((b) => b.login(username, demoPassword, level1OrgOf(username)))
    await held.waitingFor(6)
    // The owner's change as password.service.ts writes it (updateuser, or a temporary
    // password redeemed): the new hash, and every session of the member ended.
    await changeOwnPassword(t, username, newHash)
    await held.release()
    const answers = (await Promise.all(logins)).map(
      (r) => (r.json() as { message: string }).message,
    )
    expect(answers).toEqual(Array(6).fill(authMessages.invalidCredentials))
    for (const browser of browsers) {
      expect(await whatIsLeft(browser)).toEqual({ decision: 401, handoff: 401 })
    }

    // The old password is refused from now on; the new one signs in.
    expect((await signIn(username, demoPassword)).message).toBe(authMessages.attempt1)
    const owner = await signIn(username, newPassword)
    expect(owner.message).toBe(authMessages.success)
    expect(owner.decision?.statusCode).toMatch(/^(CHALLENGE_LOGIN|RE_ENROLL)$/)
  })
})
