// Spec §4 "Registration", §6, §8 registration messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authMessages, messages, programOf } from '@portal/contract'
import {
  startTestApp,
  type TestApp,
  demoCustomers,
  accountsNamed,
  addCustomers,
} from '../harness.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
  // A customer of status i without a web account, and a cabar client of a broker.
  await addCustomers(t, [
    {
      custnum: 'BC19001',
      kprogName: 'bclip',
      level1org: '100',
      status: 'i',
      membershipCd: 'BC19001',
      primaryEmailAddress: 'ineligible@example.com',
      phone1: '3125559001',
    },
    {
      custnum: 'CB19002',
      kprogName: 'cabar',
      level1org: '168',
      status: 'a',
      custclass: 'subp',
      membershipCd: 'CB19002',
      primaryEmailAddress: 'broker@example.com',
      phone1: '3125559002',
    },
    {
      custnum: 'BC19003',
      kprogName: 'bclip',
      level1org: '100',
      status: 'a',
      membershipCd: 'BC19003',
      primaryEmailAddress: 'race-a@example.com',
      phone1: '3125559003',
    },
    {
      custnum: 'BC19004',
      kprogName: 'bclip',
      level1org: '100',
      status: 'a',
      membershipCd: 'BC19004',
      primaryEmailAddress: 'race-b@example.com',
      phone1: '3125559004',
    },
  ])
})
afterAll(() => t.close())

const newcomer = (program: string) => {
  const c = demoCustomers.find((d) => d.program === program && !d.username)
  if (!c) throw new Error(program)
  return c
}

function lookUp(custnum: string, email: string, phone: string, program = 'bclip') {
  const { serviceCode, level1Org } = programOf(program as 'bclip')
  return t.client().postJson('/api/customer-api/find', {
    clientPrefix: serviceCode,
    customerNumber: custnum,
    level1Org,
    email,
    primaryEmailAddress: custnum,
    phoneNumber: phone,
  })
}

function createUser(overrides: Record<string, string | null> = {}) {
  const c = newcomer('bclip')
  return t.client().postJson('/api/us-web-authentication/createuser', {
    userLoginNm: 'new_bclip_user',
    userPassword: 'Brisk#Lantern26',
    phoneNumber: c.phone,
    appName: 'USWEB',
    membershipCd: c.custnum,
    firstName: 'Nico',
    primaryEmailAddress: c.email,
    optLocVersionNo: '0',
    level1Org: '100',
    ...overrides,
  })
}

describe('customer lookup for registration', () => {
  it('finds a customer when number, email and mobile all match the record', async () => {
    const c = newcomer('bclip')
    const response = await lookUp(
      c.custnum,
      c.email.toUpperCase(),
      `(${c.phone.slice(0, 3)}) ${c.phone.slice(3)}`,
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 'a',
      custclass: null,
      membershipCd: c.custnum,
      firstName: 'Nico',
      eligibility: 'eligible',
    })
  })

  it('answers a wrong email, a wrong mobile or an unknown number alike, with the spec message', async () => {
    const c = newcomer('bclip')
    for (const response of await Promise.all([
      lookUp(c.custnum, 'someone@example.com', c.phone),
      lookUp(c.custnum, c.email, '3125550000'),
      lookUp('BC99999', c.email, c.phone),
      lookUp(c.custnum, c.email, c.phone, 'cabar'),
    ])) {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ message: messages.registration.notFound })
    }
  })

  it('finds an augustar agent by ASF and the six-digit agent number, with prefix onl', async () => {
    const c = newcomer('augustar')
    expect(c.custnum).toMatch(/^ASF\d{6}$/)
    const response = await lookUp(c.custnum, c.email, c.phone, 'augustar')
    expect(response.json()).toMatchObject({ eligibility: 'eligible' })
  })

  it('finds the agent by the Agent Number as agents have it, bare or lower-case (issue 27)', async () => {
    const c = newcomer('augustar')
    const digits = c.custnum.slice(3)
    for (const typed of [digits, `asf${digits}`]) {
      const response = await lookUp(typed, c.email, c.phone, 'augustar')
      expect(response.json()).toMatchObject({ eligibility: 'eligible' })
    }
    // Another program's number is taken as it is: no prefix is guessed for it.
    expect((await lookUp(digits, c.email, c.phone, 'bclip')).statusCode).toBe(404)
  })

  it('reports an ineligible customer (status i) and a cabar client of a broker', async () => {
    expect((await lookUp('BC19001', 'ineligible@example.com', '3125559001')).json()).toMatchObject({
      status: 'i',
      eligibility: 'ineligible',
    })
    const broker = await lookUp('CB19002', 'broker@example.com', '3125559002', 'cabar')
    expect(broker.json()).toMatchObject({ eligibility: 'brokerClient' })
  })
})

describe('existing-account check', () => {
  it('answers with a body when the customer already has a web account', async () => {
    const withAccount = demoCustomers.find((d) => d.username === 'bclip_demo')
    const check = (membershipCd: string, email: string) =>
      t.client().postJson('/api/us-web-authentication/finduserbymembercode', {
        membershipCd,
        primaryEmailAddress: email,
      })
    expect((await check('BC10001', withAccount?.email ?? '')).json()).toEqual({
      body: { accountExists: true },
    })
    expect((await check(newcomer('bclip').custnum, newcomer('bclip').email)).json()).toEqual({
      body: null,
    })
  })

  it('also matches the phone number for pl', async () => {
    const pl = demoCustomers.find((d) => d.username === 'proliability_demo')
    const check = (phoneNumber: string) =>
      t.client().postJson('/api/us-web-authentication/finduserbymembercode', {
        membershipCd: pl?.custnum,
        primaryEmailAddress: pl?.email,
        phoneNumber,
      })
    expect((await check(pl?.phone ?? '')).json()).toEqual({ body: { accountExists: true } })
    expect((await check('3125550000')).json()).toEqual({ body: null })
  })
})

describe('account creation', () => {
  it('refuses a weak password or a bad username with the spec messages, creating nothing', async () => {
    const weak = await createUser({ userPassword: 'password' })
    expect(weak.statusCode).toBe(400)
    // The field's message named by its key too (issue 42).
    expect(weak.json()).toMatchObject({
      message: messages.validation.passwordPattern,
      messageKey: 'validation.passwordPattern',
    })
    const badName = await createUser({ userLoginNm: 'no spaces allowed' })
    expect(badName.json()).toMatchObject({
      message: messages.validation.usernamePattern,
      messageKey: 'validation.usernamePattern',
    })
    expect(await accountsNamed(t, 'new_bclip_user')).toEqual([])
  })

  it('refuses details that do not match the record, and ineligible customers', async () => {
    expect((await createUser({ primaryEmailAddress: 'someone@example.com' })).json()).toEqual({
      returnCode: 'NOT_FOUND',
    })
    expect((await createUser({ appName: 'PROLIABILITY' })).json()).toEqual({
      returnCode: 'NOT_FOUND',
    })
    const ineligible = await createUser({
      membershipCd: 'BC19001',
      primaryEmailAddress: 'ineligible@example.com',
      phoneNumber: '3125559001',
    })
    expect(ineligible.json()).toEqual({ returnCode: 'INELIGIBLE' })
  })

  it('creates the account, which then signs in', async () => {
    expect((await createUser()).json()).toEqual({ returnCode: 'SUCCESS' })
    const login = await t.client().login('new_bclip_user', 'Brisk#Lantern26')
    expect(login.json()).toEqual({ message: authMessages.success, temporaryPassword: false })
  })

  it('refuses a taken username and a second account for the same customer', async () => {
    expect((await createUser({ userLoginNm: 'bclip_demo' })).json()).toEqual({
      returnCode: 'USER_ALREADY_EXISTS',
    })
    expect((await createUser({ userLoginNm: 'another_name' })).json()).toEqual({
      returnCode: 'ACCOUNT_EXISTS',
    })
  })

  it('gives one username to exactly one of two parallel sign-ups', async () => {
    const signUp = (custnum: string, email: string, phone: string) =>
      createUser({
        userLoginNm: 'contested_name',
        membershipCd: custnum,
        primaryEmailAddress: email,
        phoneNumber: phone,
      })
    const answers = await Promise.all([
      signUp('BC19003', 'race-a@example.com', '3125559003'),
      signUp('BC19004', 'race-b@example.com', '3125559004'),
    ])
    expect(answers.map((a) => (a.json() as { returnCode: string }).returnCode).sort()).toEqual([
      'SUCCESS',
      'USER_ALREADY_EXISTS',
    ])
    expect(await accountsNamed(t, 'contested_name')).toHaveLength(1)
  })
})
