// Issue 28, from the sprayer's side: the passwords a password sprayer tries first, which pass
// the five rules of spec §5, are refused on every path that sets a password (registration
// step 2, updateTempPassword, updateuser, the console's staff password), with the spec's
// rules untouched and nothing changed; a strong random password passes on each.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, passwordRules, programOf, serviceListSize } from '@portal/contract'
import { readCommonPasswords } from '../../src/modules/password/password-blocklist.ts'
import {
  startTestApp,
  type TestApp,
  type TestClient,
  demoCustomers,
  demoPassword,
  accountOf,
  findAccount,
  makePasswordTemporary,
  staffOf,
  newStaff,
} from '../harness.ts'

let t: TestApp
beforeAll(async () => {
  // The limits are raised: this file tests the list, abuse-limits.test.ts the limits.
  t = await startTestApp({
    env: {
      RATE_LIMIT_PER_CLIENT: '10000',
      RATE_LIMIT_PER_TARGET: '10000',
      LOGIN_LIMIT_PER_CLIENT: '10000',
      LOGIN_LIMIT_PER_USERNAME: '10000',
    },
  })
})
afterAll(() => t.close())

const passesSpecRules = (password: string) =>
  Object.values(passwordRules).every((rule) => rule(password))

/** The 20 commonest passwords of the shipped list that pass spec §5 as they are. */
const top20 = readCommonPasswords(serviceListSize).filter(passesSpecRules).slice(0, 20)
/** What a sprayer makes of the commonest ones to pass the rules (the examples). */
const mangled = ['Password1!', 'Welcome@123', 'Qwerty123!', 'P@ssw0rd!', 'Summer2024!']
const strong = () => `Rz${randomBytes(12).toString('base64url')}7#q`
const guessable = { message: messages.validation.passwordGuessable }

const auth = '/api/us-web-authentication'

const userRow = (username: string) => accountOf(t, username)

it('takes 20 passwords that pass the rules from the top of the list', () => {
  expect(top20).toHaveLength(20)
  expect(top20).toContain('P@ssw0rd')
  for (const password of [...top20, ...mangled]) expect(passesSpecRules(password)).toBe(true)
})

describe('registration step 2 (createuser)', () => {
  const newcomer = demoCustomers.find((d) => d.program === 'bclip' && !d.username)
  const createUser = (userPassword: string, userLoginNm = 'sprayed_user') =>
    t.client().postJson(`${auth}/createuser`, {
      userLoginNm,
      userPassword,
      phoneNumber: newcomer?.phone,
      appName: 'USWEB',
      membershipCd: newcomer?.custnum,
      firstName: 'Nico',
      primaryEmailAddress: newcomer?.email,
      optLocVersionNo: '0',
      level1Org: '100',
    })

  it('refuses each common password with 400 and the new line, and creates no account', async () => {
    for (const password of [...top20, ...mangled]) {
      const response = await createUser(password)
      expect(response.statusCode, password).toBe(400)
      expect(response.json(), password).toMatchObject({
        ...guessable,
        fields: [{ field: 'userPassword', ...guessable }],
      })
    }
    const made = await findAccount(t, 'sprayed_user')
    expect(made).toBeUndefined()
  })

  it('refuses the chosen username inside the password', async () => {
    const response = await createUser('Zq!sprayed_user9', 'sprayed_user')
    expect(response.json()).toMatchObject(guessable)
  })

  it('accepts a strong random password', async () => {
    const response = await createUser(strong(), 'strong_user')
    expect(response.json()).toEqual({ returnCode: 'SUCCESS' })
  })
})

describe('updateTempPassword', () => {
  async function signInToChange(username: string) {
    await makePasswordTemporary(t, username)
    const client = t.client()
    expect((await client.login(username, demoPassword)).json()).toMatchObject({
      temporaryPassword: true,
    })
    return client
  }
  const update = (client: TestClient, userName: string, password: string) =>
    client.postForm(`${auth}/updateTempPassword`, { userName, password })

  it('refuses each common password, the username and the program name, changing nothing', async () => {
    const username = 'equipmentrenew_demo'
    const client = await signInToChange(username)
    const before = await userRow(username)
    for (const password of [...top20, ...mangled, 'Equipmentrenew_demo1!', 'Renewal#Equipment9']) {
      const response = await update(client, username, password)
      expect(response.statusCode, password).toBe(400)
      expect(response.json(), password).toMatchObject(guessable)
    }
    const after = await userRow(username)
    expect(after.passwordHash).toBe(before.passwordHash)
    expect(after.isTemporaryPassword).toBe(true)
    const accepted = await update(client, username, strong())
    expect(accepted.json()).toMatchObject({ passwordUpdated: true })
  })
})

describe('updateuser', () => {
  it('refuses each common password, changing nothing, and accepts a strong one', async () => {
    const username = 'dtcpnc_demo'
    const client = t.client()
    await client.signIn(username, demoPassword, programOf('dtcpnc').level1Org)
    const before = await userRow(username)
    for (const password of [...top20, ...mangled]) {
      const response = await client.postForm(`${auth}/updateuser`, {
        userName: username,
        currentPassword: demoPassword,
        password,
      })
      expect(response.statusCode, password).toBe(400)
      expect(response.json(), password).toMatchObject(guessable)
    }
    expect((await userRow(username)).passwordHash).toBe(before.passwordHash)
    const accepted = await client.postForm(`${auth}/updateuser`, {
      userName: username,
      currentPassword: demoPassword,
      password: strong(),
    })
    expect(accepted.json()).toMatchObject({ passwordUpdated: true })
  })
})

describe("the console's staff password", () => {
  const api = '/api/console'
  it('refuses common passwords (the list, and long ones made of it), changing nothing', async () => {
    const email = 'sprayed@portal.example'
    const temporaryPassword = await newStaff(t, email, 'agent')
    const staff = t.client()
    await staff.postJson(`${api}/sign-in`, { email, password: temporaryPassword })
    await staff.postJson(`${api}/verify`, { code: await t.client().latestCode(email) })
    const hashOf = async () => (await staffOf(t, email))?.passwordHash
    const before = await hashOf()
    const change = (newPassword: string) =>
      staff.postJson(`${api}/password`, {
        currentPassword: temporaryPassword,
        newPassword,
      })
    // Under twelve characters the console's own length rule refuses first.
    for (const password of top20) expect((await change(password)).statusCode, password).toBe(400)
    for (const password of [
      'Password123456!',
      'P@ssw0rd2026!!',
      'Qwerty123456@',
      'Sprayed#2026!x',
    ]) {
      const response = await change(password)
      expect(response.statusCode, password).toBe(400)
      expect(response.json(), password).toMatchObject(guessable)
    }
    expect(await hashOf()).toBe(before)
    expect((await change(strong())).statusCode).toBe(200)
  })
})
