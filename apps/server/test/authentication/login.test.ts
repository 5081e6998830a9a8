// Spec §4 "Login", "Program rules at login", "Temporary-password update outcomes".
import { describe, expect, it } from 'vitest'
import { authMessages, programOf, type ProgramCode } from '@portal/contract'
import {
  appForFile,
  accountOf,
  makePasswordTemporary,
  resetPassword as reset,
  setFailedSignIns,
  manualClock,
  type TestClient,
  demoPassword,
} from '../harness.ts'

const clock = manualClock()
const t = appForFile({ env: { PASSWORD_MAX_AGE_DAYS: '90' }, clock })

const messageOf = async (response: Promise<{ json(): unknown }>) =>
  ((await response).json() as { message: string }).message

const userRow = (username: string) => accountOf(t, username)

/** What a password reset does: a new (temporary) password, which also unlocks. */
const resetPassword = (username: string, password: string, isTemporary = true) =>
  reset(t, username, password, { isTemporary })

describe('authentication messages', () => {
  it('answers an unknown username as it would an account: attempts 1, 2, 3, then locked', async () => {
    const answers = []
    for (let i = 0; i < 4; i++)
      answers.push(await messageOf(t.client().login('nobody_here', demoPassword)))
    expect(answers).toEqual([
      authMessages.attempt1,
      authMessages.attempt2,
      authMessages.attempt3,
      authMessages.userLocked,
    ])
  })

  it('counts wrong passwords, and the third locks the account', async () => {
    const client = t.client()
    const messages = []
    for (let i = 0; i < 4; i++)
      messages.push(await messageOf(client.login('dtcria_demo', 'Wrong#1x')))
    expect(messages).toEqual([
      authMessages.attempt1,
      authMessages.attempt2,
      authMessages.attempt3,
      authMessages.userLocked,
    ])
    expect(await userRow('dtcria_demo')).toMatchObject({ failedAttempts: 3, isLocked: true })
  })

  it('keeps a locked account locked, even for the right password, until it is reset', async () => {
    const client = t.client()
    expect(await messageOf(client.login('dtcria_demo', demoPassword))).toBe(authMessages.userLocked)
    expect(client.cookies.has('portal_sid')).toBe(false)
    await resetPassword('dtcria_demo', 'Velvet#Canyon1')
    const response = await client.login('dtcria_demo', 'Velvet#Canyon1')
    expect(response.json()).toEqual({ message: authMessages.success, temporaryPassword: true })
  })

  it('starts the count again after a right password', async () => {
    const client = t.client()
    await client.login('dtcpnc_demo', 'Wrong#1x')
    await client.login('dtcpnc_demo', 'Wrong#1x')
    await client.login('dtcpnc_demo', demoPassword)
    expect(await messageOf(client.login('dtcpnc_demo', 'Wrong#1x'))).toBe(authMessages.attempt1)
    await client.login('dtcpnc_demo', demoPassword)
  })

  it("answers a right password at another program's login with 'Invalid Credentials'", async () => {
    const client = t.client()
    const response = client.login('bclip_demo', demoPassword, programOf('fidbond').level1Org)
    expect(await messageOf(response)).toBe(authMessages.invalidCredentials)
    expect(client.cookies.has('portal_sid')).toBe(false)
    expect((await userRow('bclip_demo')).failedAttempts).toBe(0)
  })

  it("answers 'Credentials Expired' for a password older than the maximum age", async () => {
    await resetPassword('dtclifeagents_demo', 'Aging#Password1', false)
    clock.advance(91 * 86_400_000)
    try {
      const client = t.client()
      const response = client.login('dtclifeagents_demo', 'Aging#Password1')
      expect(await messageOf(response)).toBe(authMessages.credentialsExpired)
      expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(401)
      const update = await client.postForm('/api/us-web-authentication/updateTempPassword', {
        userName: 'dtclifeagents_demo',
        password: 'Renewed#Password2',
      })
      expect(update.json()).toMatchObject({ passwordUpdated: true })
      expect(await messageOf(t.client().login('dtclifeagents_demo', 'Renewed#Password2'))).toBe(
        authMessages.success,
      )
    } finally {
      clock.advance(-91 * 86_400_000)
    }
  })

  it('leaves exactly the sequential state after 20 parallel wrong passwords', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        messageOf(t.client().login('fidbond_demo', 'Wrong#1x', '200')),
      ),
    )
    const counts = Object.fromEntries(
      [...new Set(answers)].map((m) => [m, answers.filter((a) => a === m).length]),
    )
    expect(counts).toEqual({
      [authMessages.attempt1]: 1,
      [authMessages.attempt2]: 1,
      [authMessages.attempt3]: 1,
      [authMessages.userLocked]: 17,
    })
    expect(await userRow('fidbond_demo')).toMatchObject({ failedAttempts: 3, isLocked: true })
  })
  it('lets the right password, raced with the wrong ones that lock, end only as some order of them would', async () => {
    const level1Org = programOf('augustar').level1Org
    const set = ({ failedAttempts, isLocked }: { failedAttempts: number; isLocked: boolean }) =>
      setFailedSignIns(t, 'augustar_demo', failedAttempts, { isLocked })
    // One wrong password from the lock, the attacker sends ten more with the owner's right one.
    await set({ failedAttempts: 2, isLocked: false })
    try {
      const owner = t.client()
      const [right, ...wrong] = await Promise.all([
        messageOf(owner.login('augustar_demo', demoPassword, level1Org)),
        ...Array.from({ length: 10 }, () =>
          messageOf(t.client().login('augustar_demo', 'Wrong#1x', level1Org)),
        ),
      ])
      const tally = (answers: string[]) =>
        Object.fromEntries(
          [...new Set(answers)].sort().map((m) => [m, answers.filter((a) => a === m).length]),
        )
      // In any order: the right password first (it resets the count, the wrong ones lock
      // again), or after the lock (refused, as every wrong one after it).
      if (right === authMessages.success) {
        expect(tally(wrong)).toEqual(
          tally([
            authMessages.attempt1,
            authMessages.attempt2,
            authMessages.attempt3,
            ...Array<string>(7).fill(authMessages.userLocked),
          ]),
        )
      } else {
        expect(right).toBe(authMessages.userLocked)
        expect(tally(wrong)).toEqual(
          tally([authMessages.attempt3, ...Array<string>(9).fill(authMessages.userLocked)]),
        )
        // A refused sign-in leaves the owner's client without a session.
        expect((await owner.get('/api/us-web-authentication/getUser')).statusCode).toBe(401)
      }
      expect(await userRow('augustar_demo')).toMatchObject({ failedAttempts: 3, isLocked: true })
    } finally {
      await set({ failedAttempts: 0, isLocked: false })
    }
  })
})

describe('pl sign-in, identity and logout', () => {
  it('signs in with authenticateForPLWithValidations and loads the identity', async () => {
    const client = t.client()
    expect((await client.get('/api/us-web-authentication/getUser')).statusCode).toBe(401)
    const response = await client.postForm(
      '/api/us-web-authentication/authenticateForPLWithValidations',
      { userName: 'proliability_demo', password: demoPassword },
    )
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ message: authMessages.success, temporaryPassword: false })
    const identity = await client.get('/api/us-web-authentication/getUser')
    expect(identity.json()).toEqual({
      firstName: 'Dana',
      imageUrl: null,
      authorities: ['ROLE_USER'],
    })
  })

  it('answers POST /api/login with authenticated and temporaryPassword', async () => {
    const ok = await t.client().postJson('/api/login', {
      username: 'proliability_demo',
      password: demoPassword,
    })
    expect(ok.json()).toEqual({ authenticated: true, temporaryPassword: false })
    const wrong = await t
      .client()
      .postJson('/api/login', { username: 'nobody_here', password: 'x' })
    expect(wrong.json()).toEqual({ authenticated: false, temporaryPassword: false })
  })

  it('accepts the form login and refuses a wrong one with 401', async () => {
    const form = { j_username: 'bclip_demo', j_password: demoPassword, level1org: '100' }
    const client = t.client()
    expect((await client.postForm('/api/authentication', form)).statusCode).toBe(200)
    const wrong = await t
      .client()
      .postForm('/api/authentication', { ...form, j_username: 'nobody_here' })
    expect(wrong.statusCode).toBe(401)
  })

  it('ends the session at logout', async () => {
    const client = t.client()
    await client.login('bclip_demo', demoPassword)
    expect((await client.get('/api/us-web-authentication/getUser')).statusCode).toBe(200)
    expect((await client.postJson('/api/logout')).statusCode).toBe(204)
    expect((await client.get('/api/us-web-authentication/getUser')).statusCode).toBe(401)
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(401)
  })
})

describe('program rules at login', () => {
  async function lookUp(username: string, clientPrefix?: string) {
    const client = t.client()
    const { level1Org, serviceCode } = programOf((await userRow(username)).program as ProgramCode)
    await client.login(username, demoPassword, level1Org)
    const account = (await client.postJson('/api/fidbond-api/account', { username })).json() as {
      customerNumber: string
    }
    const found = await client.postJson('/api/customer-api/find', {
      clientPrefix: clientPrefix ?? serviceCode,
      customerNumber: account.customerNumber,
      level1Org,
    })
    return { client, found: found.json() as { verdict: string; association: string } }
  }

  it('makes an equipmentrenew customer of level2org 2836 an AFM member', async () => {
    const { found } = await lookUp('equipmentrenew_afm')
    // Before the second factor the answer carries the verdict, not the record.
    expect(found).toMatchObject({ verdict: 'allowed', association: 'AFM', level2org: null })
  })

  it('finds an ineligible augustar customer and never hands them off', async () => {
    const { client, found } = await lookUp('augustar_ineligible')
    expect(found).toMatchObject({ verdict: 'ineligible', status: null })
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(403)
  })

  it('blocks a cabar client of a broker', async () => {
    const { client, found } = await lookUp('cabar_broker_client')
    expect(found).toMatchObject({ verdict: 'brokerClient', custclass: null })
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(403)
  })

  it('lets dtcmyaccount tax id 172 in and rejects another tax id as a mismatch', async () => {
    expect((await lookUp('dtcmyaccount_demo')).found.verdict).toBe('allowed')
    const { client, found } = await lookUp('dtcmyaccount_taxid')
    expect(found.verdict).toBe('mismatch')
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(403)
  })

  it('rejects a fidbond customer or an augustar membership on dtcmyaccount', async () => {
    await resetPassword('fidbond_demo', demoPassword, false)
    expect((await lookUp('fidbond_demo', 'dtcmyaccount')).found.verdict).toBe('mismatch')
    const { client, found } = await lookUp('augustar_demo', 'dtcmyaccount')
    expect(found.verdict).toBe('mismatch')
    expect((await client.get('/api/mfa/getMFAUser')).statusCode).toBe(403)
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(403)
  })

  it("shows nobody another user's account or customer record", async () => {
    const client = t.client()
    await client.login('bclip_demo', demoPassword)
    const account = await client.postJson('/api/fidbond-api/account', { username: 'cabar_demo' })
    expect(account.statusCode).toBe(403)
    const found = await client.postJson('/api/customer-api/find', {
      clientPrefix: 'cabar',
      customerNumber: 'CB10001',
      level1Org: '168',
    })
    expect(found.statusCode).toBe(403)
    const anonymous = await t
      .client()
      .postJson('/api/fidbond-api/account', { username: 'bclip_demo' })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('updateTempPassword', () => {
  const update = (client: TestClient, userName: string, password: string) =>
    client.postForm('/api/us-web-authentication/updateTempPassword', { userName, password })

  async function signInToChange(username: string, password: string) {
    await makePasswordTemporary(t, username)
    const client = t.client()
    const answer = await client.login(username, password)
    expect(answer.json()).toMatchObject({ temporaryPassword: true })
    return client
  }

  it('is closed to a session that did not sign in with a temporary password', async () => {
    expect((await update(t.client(), 'bclip_demo', 'Another#Pass1')).statusCode).toBe(401)
    const client = t.client()
    await client.login('bclip_demo', demoPassword)
    expect((await update(client, 'bclip_demo', 'Another#Pass1')).statusCode).toBe(401)
  })

  it('refuses a password that breaks the rules with the spec message, changing nothing', async () => {
    const client = await signInToChange('equipmentrenew_demo', demoPassword)
    const before = await userRow('equipmentrenew_demo')
    const response = await update(client, 'equipmentrenew_demo', 'no digits here!')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: expect.stringContaining('does not meet') })
    expect((await userRow('equipmentrenew_demo')).passwordHash).toBe(before.passwordHash)
  })

  it("refuses another user's name", async () => {
    const client = await signInToChange('equipmentrenew_demo', demoPassword)
    expect((await update(client, 'bclip_demo', 'Another#Pass1')).statusCode).toBe(403)
  })

  it('refuses each of the last eight passwords and accepts the ninth', async () => {
    const username = 'augustar_demo'
    const passwords = Array.from({ length: 8 }, (_, i) => `Kestrel#${i + 1}Vane`)
    let current = demoPassword
    for (const next of passwords) {
      const client = await signInToChange(username, current)
      expect((await update(client, username, next)).json()).toEqual({
        passwordUpdated: true,
        temporaryPasswordFlagUpdated: true,
        matchesPreviousEightPasswords: false,
      })
      current = next
    }
    for (const old of passwords) {
      const client = await signInToChange(username, current)
      expect((await update(client, username, old)).json()).toEqual({
        passwordUpdated: false,
        temporaryPasswordFlagUpdated: false,
        matchesPreviousEightPasswords: true,
      })
    }
    const client = await signInToChange(username, current)
    expect((await update(client, username, 'Kestrel#9Vane')).json()).toMatchObject({
      temporaryPasswordFlagUpdated: true,
    })
    const login = await t.client().login(username, 'Kestrel#9Vane')
    expect(login.json()).toEqual({ message: authMessages.success, temporaryPassword: false })
  })
})

describe('notices to the owner', () => {
  it('emails a lockout notice when the third wrong password locks the account', async () => {
    const client = t.client()
    for (let i = 0; i < 3; i++) await client.login('cabar_demo', 'Wrong#1x', '168')
    const sent = (await client.get('/dev/outbox.json')).json() as {
      template: string
      recipient: string
    }[]
    expect(sent[0]).toMatchObject({
      template: 'lockout-notice',
      recipient: 'cabar.demo@example.com',
    })
    expect(
      sent.filter(
        (m) => m.template === 'lockout-notice' && m.recipient === 'cabar.demo@example.com',
      ),
    ).toHaveLength(1)
  })
})

describe('session lifetime', () => {
  it('ends a session left idle for longer than 15 minutes', async () => {
    const client = t.client()
    await client.login('bclip_demo', demoPassword)
    clock.advance(14 * 60_000)
    expect((await client.get('/api/us-web-authentication/getUser')).statusCode).toBe(200)
    clock.advance(16 * 60_000)
    expect((await client.get('/api/us-web-authentication/getUser')).statusCode).toBe(401)
  })

  it('ends a busy session after 2 hours all the same', async () => {
    const client = t.client()
    await client.login('bclip_demo', demoPassword)
    for (let minutes = 0; minutes < 120; minutes += 10) {
      clock.advance(10 * 60_000)
      const status = (await client.get('/api/us-web-authentication/getUser')).statusCode
      expect(status).toBe(minutes + 10 < 120 ? 200 : 401)
    }
  })
})
