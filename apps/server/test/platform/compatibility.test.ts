// Issue 26: the service replaces the original login service behind the existing portal, so
// every call of spec §7 takes the payload the specification lists for it: every field of
// its row, or of the §3 model the row names (the MFA calls send "the MFA model and
// username", with the headers mfaClientIP, mfaDevicePrint and userName). Each test replays
// that payload, form or JSON as §7 says, beside the portal's own smaller one, each in a
// sign-in of its own, and expects the same answer. Fields the specification never names are
// still refused, and no field of another member's name changes whose account is acted on.
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { authMessages, programOf, specCalls, type SpecCallName } from '@portal/contract'
import { accountsService } from '../../src/modules/accounts/accounts.service.ts'
import {
  appForFile,
  manualClock,
  type TestClient,
  demoCustomers,
  demoPassword,
  accountOf,
  contactsOf,
  resetPassword,
} from '../harness.ts'

const clock = manualClock()
const t = appForFile({ clock })

const auth = '/api/us-web-authentication'
type Payload = Record<string, unknown>
type Kind = 'portal' | 'spec'
const kinds: Kind[] = ['portal', 'spec']

/** The calls of spec §7 replayed here; the last test holds this against the spec's list. */
const replayed = new Set<SpecCallName>()

const demo = (username: string) => {
  const customer = demoCustomers.find((c) => c.username === username)
  if (!customer) throw new Error(username)
  return customer
}
/** A customer of `program` without a web account (the second demo customer of each). */
const newcomer = (program: string) => {
  const customer = demoCustomers.find((c) => c.program === program && !c.username)
  if (!customer) throw new Error(program)
  return customer
}
const dashed = (phone: string) => `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`

/** An answer as compared: status and JSON, with the ticket numbers (new each time) blanked. */
function answerOf(response: LightMyRequestResponse) {
  let body: unknown = response.body
  try {
    body = JSON.parse(response.body, (key, value: unknown) =>
      key === 'incidentID' && typeof value === 'string' ? 'INC…' : value,
    )
  } catch {
    // not JSON (204)
  }
  return { status: response.statusCode, body }
}

/**
 * Runs `call` once with the portal's payload and once with the specification's, and expects
 * the same answer, a success (2xx) or the answer `expected` names.
 */
async function expectSameAnswer(
  name: SpecCallName,
  call: (kind: Kind, run: number) => Promise<LightMyRequestResponse>,
) {
  replayed.add(name)
  const [portal, spec] = [await call('portal', 0), await call('spec', 1)]
  const answers = { portal: answerOf(portal), spec: answerOf(spec) }
  expect(answers.spec, `${specCalls[name].path}: the spec's payload`).toEqual(answers.portal)
  expect(portal.statusCode, `${specCalls[name].path}: ${portal.body}`).toBeLessThan(400)
  return answers.portal
}

let devices = 0
/** The MFA headers of spec §7, for the member signed in on this client. */
const mfaHeaders = (userName: string) => ({
  mfaClientIP: '203.0.113.7',
  mfaDevicePrint: `compat-device-${++devices}`,
  userName,
})

/** The MFA model of spec §3, every field, as the original portal holds it for a member. */
function mfaModel(username: string, fields: Payload = {}): Payload {
  const customer = demoCustomers.find((c) => c.username === username)
  return {
    typeOfEmailAddress: 'Personal',
    emailAddress: customer?.email ?? `${username}@example.com`,
    typeOfPhoneNumber: 'Personal',
    phoneNumber: dashed(customer?.phone ?? '3125550100'),
    geoCountryId: 'United States',
    verificationCode: '',
    rgValue: 'email',
    authenticationType: 'OTP',
    userName: username,
    incidentID: null,
    ...fields,
  }
}

function mfaCall(
  client: TestClient,
  username: string,
  method: 'GET' | 'POST',
  url: string,
  body?: Payload,
) {
  return client.send({
    method,
    url,
    headers: mfaHeaders(username),
    ...(body === undefined ? {} : { payload: body }),
  })
}

/** Password and program check done, a code owed: the second factor's challenge. */
async function challenged(username: string) {
  const client = t.client()
  expect((await client.login(username, demoPassword)).json()).toMatchObject({
    message: authMessages.success,
  })
  await client.checkProgram()
  const decision = await mfaCall(client, username, 'GET', '/api/mfa/getMFAUser')
  expect(decision.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
  return client
}

describe('sign-in calls', () => {
  it('POST /api/authentication takes the form login of spec §3 (remember-me, submit)', async () => {
    await expectSameAnswer('formLogin', (kind) => {
      const form = { j_username: 'bclip_demo', j_password: demoPassword, level1org: '100' }
      return t
        .client()
        .postForm(
          '/api/authentication',
          kind === 'spec' ? { ...form, 'remember-me': 'true', submit: 'Login' } : form,
        )
    })
  })

  it('authenticate takes userName, password, velLevel1Org as a form', async () => {
    await expectSameAnswer('authenticate', () =>
      t.client().postForm(`${auth}/authenticate`, {
        userName: 'bclip_demo',
        password: demoPassword,
        velLevel1Org: '100',
      }),
    )
  })

  it('authenticateForPLWithValidations takes userName, password, and the login form’s velLevel1Org', async () => {
    const answer = await expectSameAnswer('authenticateForPl', (kind) => {
      const form = { userName: 'proliability_demo', password: demoPassword }
      return t
        .client()
        .postForm(
          `${auth}/authenticateForPLWithValidations`,
          kind === 'spec' ? { ...form, velLevel1Org: programOf('proliability').level1Org } : form,
        )
    })
    expect(answer).toMatchObject({ status: 201, body: { message: authMessages.success } })
  })

  it('POST /api/login takes the login request of spec §3 (velLevel1Org, rememberMe null)', async () => {
    const answer = await expectSameAnswer('login', (kind) => {
      const body = { username: 'proliability_demo', password: demoPassword }
      return t
        .client()
        .postJson(
          '/api/login',
          kind === 'spec' ? { ...body, velLevel1Org: '110', rememberMe: null } : body,
        )
    })
    expect(answer.body).toEqual({ authenticated: true, temporaryPassword: false })
  })

  it('getUser and logout take no payload', async () => {
    await expectSameAnswer('getUser', async () => {
      const client = t.client()
      await client.login('bclip_demo', demoPassword)
      return client.get(`${auth}/getUser`)
    })
    await expectSameAnswer('mailingAddress', () =>
      t.client().get('/api/customer-api/getPOMailingAddress/augustar'),
    )
    await expectSameAnswer('logout', async () => {
      const client = t.client()
      await client.login('bclip_demo', demoPassword)
      return client.postJson('/api/logout')
    })
  })
})

describe('customer and registration calls', () => {
  it('fidbond-api/account and the customer lookup take their fields', async () => {
    const owner = demo('fidbond_demo')
    await expectSameAnswer('fidbondAccount', async () => {
      const client = t.client()
      await client.login('fidbond_demo', demoPassword, '200')
      return client.postJson('/api/fidbond-api/account', { username: 'fidbond_demo' })
    })
    await expectSameAnswer('customerFind', async () => {
      const client = t.client()
      await client.login('fidbond_demo', demoPassword, '200')
      return client.postJson('/api/customer-api/find', {
        clientPrefix: programOf('fidbond').serviceCode,
        customerNumber: owner.custnum,
        level1Org: '200',
      })
    })
  })

  it('the registration lookup takes email, primaryEmailAddress (the customer number), phoneNumber', async () => {
    const customer = newcomer('bclip')
    const answer = await expectSameAnswer('customerFind', (kind) => {
      const query = {
        clientPrefix: programOf('bclip').serviceCode,
        customerNumber: customer.custnum,
        level1Org: '100',
        email: customer.email,
        phoneNumber: customer.phone,
      }
      return t
        .client()
        .postJson(
          '/api/customer-api/find',
          kind === 'spec' ? { ...query, primaryEmailAddress: customer.custnum } : query,
        )
    })
    expect(answer.body).toMatchObject({ eligibility: 'eligible' })
  })

  it('finduserbymembercode takes membershipCd, primaryEmailAddress and (pl) phoneNumber', async () => {
    const owner = demo('bclip_demo')
    const answer = await expectSameAnswer('findUserByMemberCode', (kind) => {
      const check = { membershipCd: owner.custnum, primaryEmailAddress: owner.email }
      return t
        .client()
        .postJson(
          `${auth}/finduserbymembercode`,
          kind === 'spec' ? { ...check, phoneNumber: owner.phone } : check,
        )
    })
    expect(answer.body).toEqual({ body: { accountExists: true } })
  })

  it('createuser takes the account-creation request of spec §3, every field', async () => {
    const answer = await expectSameAnswer('createUser', (kind, run) => {
      const customer = newcomer(run === 0 ? 'dtcria' : 'dtcpnc')
      const request = {
        userLoginNm: `compat_new_${run}`,
        userPassword: 'Brisk#Lantern26',
        phoneNumber: customer.phone,
        appName: 'USWEB',
        membershipCd: customer.custnum,
        primaryEmailAddress: customer.email,
        optLocVersionNo: '0',
        level1Org: programOf(customer.program).level1Org,
      }
      return t
        .client()
        .postJson(
          `${auth}/createuser`,
          kind === 'spec' ? { ...request, firstName: customer.firstName } : request,
        )
    })
    expect(answer.body).toEqual({ returnCode: 'SUCCESS' })
  })
})

describe('recovery calls', () => {
  const post = (path: string, body: Payload) => t.client().postJson(`${auth}/${path}`, body)

  it('the contact lookups take sendusername and sendpass', async () => {
    const owner = demo('cabar_demo')
    const flags = { sendusername: 'Y', sendpass: 'N' }
    const byCustNum = await expectSameAnswer('contactByPersonCd', (kind) =>
      post('getContactInfoByPersonCd', {
        custNum: owner.custnum,
        appName: 'usweb',
        ...(kind === 'spec' ? flags : {}),
      }),
    )
    expect(byCustNum.body).toMatchObject({ status: true })
    await expectSameAnswer('contactByUsername', (kind) =>
      post('getContactInfoByUsername', {
        username: 'cabar_demo',
        appName: 'usweb',
        ...(kind === 'spec' ? { sendusername: true, sendpass: false } : {}),
      }),
    )
  })

  it('findEmail, sendUserName, sendTempPassword and sendOTPToContactInfo take every listed field', async () => {
    const owner = demo('equipmentrenew_demo')
    const byEmail = { emailAddress: owner.email, deliveryMethod: 'email', appName: 'usweb' }
    const spec = { ...byEmail, phoneNumber: owner.phone }
    const same = async (name: SpecCallName, path: string, portal: Payload, listed: Payload) => {
      const answer = await expectSameAnswer(name, (kind) =>
        post(path, kind === 'spec' ? listed : portal),
      )
      expect(answer.body, path).toMatchObject({ status: true })
    }
    await same('findEmail', 'findEmail', byEmail, spec)
    await same('sendUserName', 'sendUserName', byEmail, { ...spec, personCd: owner.custnum })
    await same('sendTempPassword', 'sendTempPassword', byEmail, spec)
    const chosen = {
      deliveryMethod: 'email',
      appName: 'usweb',
      firstPageSelectedMode: 'username',
      firstPageSelectedValue: 'equipmentrenew_demo',
    }
    await same('sendOtpToContactInfo', 'sendOTPToContactInfo', chosen, {
      ...chosen,
      emailAddress: owner.email,
      phoneNumber: owner.phone,
    })
  })
})

describe('password calls', () => {
  it('updateTempPassword takes userName and password as a form', async () => {
    const answer = await expectSameAnswer('updateTempPassword', async (_kind, run) => {
      const username = run === 0 ? 'dtcmyaccount_demo' : 'dtclifeagents_demo'
      await resetPassword(t, username, demoPassword)
      const client = t.client()
      await client.login(username, demoPassword, programOf(demo(username).program).level1Org)
      return client.postForm(`${auth}/updateTempPassword`, {
        userName: username,
        password: 'Quiet#Meadow26',
      })
    })
    expect(answer.body).toMatchObject({ passwordUpdated: true })
  })

  it('updateuser takes userName and password as a form (with the current password, decision 0008)', async () => {
    const answer = await expectSameAnswer('updateUser', async (_kind, run) => {
      const username = run === 0 ? 'augustar_demo' : 'dtcria_demo'
      const client = t.client()
      await client.signIn(username, demoPassword)
      return client.postForm(`${auth}/updateuser`, {
        userName: username,
        currentPassword: demoPassword,
        password: 'Amber#Harbor26',
      })
    })
    expect(answer.body).toMatchObject({ passwordUpdated: true })
  })
})

describe('the MFA calls take the MFA model, the username and the MFA headers', () => {
  it('getMFAUser, getDetails and getCountries (GET, no payload)', async () => {
    for (const [name, url] of [
      ['mfaGetUser', '/api/mfa/getMFAUser'],
      ['mfaGetDetails', '/api/mfa/getDetails'],
      ['mfaGetCountries', '/api/mfa/getCountries'],
    ] as const) {
      await expectSameAnswer(name, async () => {
        const client = await challenged('bclip_demo')
        return mfaCall(client, 'bclip_demo', 'GET', url)
      })
    }
  })

  it('updateUser: the MFA model, of which it reads the contact', async () => {
    const answer = await expectSameAnswer('mfaUpdateUser', async (kind, run) => {
      const customer = newcomer(run === 0 ? 'fidbond' : 'cabar')
      const username = `compat_enrol_${run}`
      await accountsService({ store: t.store, clock: t.clock }).createAccount({
        custnum: customer.custnum,
        username,
        password: demoPassword,
      })
      const client = t.client()
      await client.login(username, demoPassword, programOf(customer.program).level1Org)
      await client.checkProgram()
      const decision = await mfaCall(client, username, 'GET', '/api/mfa/getMFAUser')
      expect(decision.json()).toMatchObject({ statusCode: 'RE_ENROLL', mfaStatusCode: 'NEWUSER' })
      const contact = {
        typeOfEmailAddress: 'Work',
        // A new account enrols with the contacts on its record (issue 32, H2).
        emailAddress: customer.email,
        typeOfPhoneNumber: 'Personal',
        phoneNumber: dashed(customer.phone),
        geoCountryId: 'United States',
      }
      const body = kind === 'spec' ? mfaModel(username, contact) : contact
      return mfaCall(client, username, 'POST', '/api/mfa/updateUser', body)
    })
    expect(answer.body).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
  })

  it('submitVerification, generateNewCode and enterverificationcode', async () => {
    const submitted = await expectSameAnswer('mfaSubmitVerification', async (kind) => {
      const client = await challenged('bclip_demo')
      const body = kind === 'spec' ? mfaModel('bclip_demo') : { rgValue: 'email' }
      return mfaCall(client, 'bclip_demo', 'POST', '/api/mfa/submitVerification', body)
    })
    expect(submitted.body).toMatchObject({ statusCode: 'CHALLENGE_SUCCESS' })
    await expectSameAnswer('mfaGenerateNewCode', async (kind) => {
      const client = await challenged('bclip_demo')
      await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
      const body = kind === 'spec' ? mfaModel('bclip_demo') : {}
      return mfaCall(client, 'bclip_demo', 'POST', '/api/mfa/generateNewCode', body)
    })
    const entered = await expectSameAnswer('mfaEnterVerificationCode', async (kind) => {
      const client = await challenged('bclip_demo')
      await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
      const verificationCode = await client.latestCode()
      const body =
        kind === 'spec' ? mfaModel('bclip_demo', { verificationCode }) : { verificationCode }
      return mfaCall(client, 'bclip_demo', 'POST', '/api/mfa/enterverificationcode', body)
    })
    expect(entered.body).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
  })

  it('mfaSupport and the pl MFA authenticate', async () => {
    const support = await expectSameAnswer('mfaSupport', async (kind) => {
      const client = await challenged('dtcpnc_demo')
      const body = kind === 'spec' ? mfaModel('dtcpnc_demo') : {}
      return mfaCall(client, 'dtcpnc_demo', 'POST', '/api/mfa/mfaSupport', body)
    })
    expect(support.body).toMatchObject({ statusCode: 'INCIDENT_CREATED', nextScreen: 'support' })
    // The pl MFA authenticate (its path is this service's; spec §7 names the call).
    const answers = []
    for (const kind of kinds) {
      const client = t.client()
      await client.postForm(`${auth}/authenticateForPLWithValidations`, {
        userName: 'proliability_demo',
        password: demoPassword,
      })
      const body = kind === 'spec' ? mfaModel('proliability_demo') : undefined
      answers.push(
        answerOf(await mfaCall(client, 'proliability_demo', 'POST', '/api/mfa/authenticate', body)),
      )
    }
    expect(answers[1]).toEqual(answers[0])
    expect(answers[0]).toMatchObject({ status: 200, body: { statusCode: 'CHALLENGE_LOGIN' } })
  })
})

describe('what the widened payloads do not open', () => {
  it('still refuses a field the specification never names, with the 400 that names it', async () => {
    const client = await challenged('bclip_demo')
    const response = await mfaCall(client, 'bclip_demo', 'POST', '/api/mfa/submitVerification', {
      ...mfaModel('bclip_demo'),
      isAdmin: true,
    })
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('isAdmin')
    const form = await t.client().postForm('/api/authentication', {
      j_username: 'bclip_demo',
      j_password: demoPassword,
      role: 'admin',
    })
    expect(form.statusCode).toBe(400)
    expect(form.body).toContain('role')
  })

  it('acts on the signed-in member whatever userName the MFA model or the header names', async () => {
    const victim = demo('fidbond_demo')
    const victimRow = await accountOf(t, 'fidbond_demo')
    const victimContact = () => contactsOf(t, 'fidbond_demo')
    const before = await victimContact()
    const outbox = async () =>
      (await t.client().get('/dev/outbox.json')).json() as { recipient: string; template: string }[]
    const toVictim = async () => (await outbox()).filter((m) => m.recipient === victim.email)
    const sentToVictim = await toVictim()

    const attacker = await challenged('bclip_demo')
    // The MFA model naming the victim, the victim's contacts in it: ignored, the code goes to
    // the signed-in member's own proven email.
    const model = mfaModel('fidbond_demo', { emailAddress: victim.email, rgValue: 'email' })
    const sent = await mfaCall(attacker, 'bclip_demo', 'POST', '/api/mfa/submitVerification', model)
    expect(sent.json()).toMatchObject({ statusCode: 'CHALLENGE_SUCCESS' })
    expect((await outbox())[0]).toMatchObject({
      template: 'verification-code',
      recipient: demo('bclip_demo').email,
    })
    const details = (await mfaCall(attacker, 'bclip_demo', 'GET', '/api/mfa/getDetails')).json()
    expect(details).toMatchObject({ userName: 'bclip_demo' })

    // The header naming the victim: refused, never the victim's account.
    for (const url of ['/api/mfa/generateNewCode', '/api/mfa/mfaSupport']) {
      const named = await mfaCall(attacker, 'fidbond_demo', 'POST', url, model)
      expect(named.statusCode, url).toBe(403)
    }
    const wrongCode = await mfaCall(
      attacker,
      'bclip_demo',
      'POST',
      '/api/mfa/enterverificationcode',
      {
        ...model,
        verificationCode: '000000',
      },
    )
    expect(wrongCode.json()).toMatchObject({ statusCode: 'AUTHENTICATION_FAILED' })
    expect(await victimContact()).toEqual(before)
    expect(await toVictim()).toEqual(sentToVictim)
    expect(await accountOf(t, 'fidbond_demo')).toEqual(victimRow)
  })
})

describe('portal pages in another case', () => {
  it('redirect to the lower-case address with the query kept; the API stays exact', async () => {
    for (const [asked, canonical] of [
      ['/USWEB/login', '/usweb/login'],
      ['/USWEB/login?prgName=bclip&level1Org=100', '/usweb/login?prgName=bclip&level1Org=100'],
      ['/ProLiability/login?cname=Acme', '/proliability/login?cname=Acme'],
      ['/Usweb/forgot-password', '/usweb/forgot-password'],
    ] as const) {
      const response = await t.client().get(asked)
      expect(response.statusCode, asked).toBe(308)
      expect(response.headers.location, asked).toBe(canonical)
    }
    expect((await t.client().get('/API/mfa/getCountries')).statusCode).toBe(404)
    const post = await t.client().postJson('/USWEB/login', {})
    expect(post.statusCode).not.toBe(308)
  })
})

describe('coverage', () => {
  it('replays every call of spec §7 whose payload the specification shows', () => {
    // Rows whose payload spec §7 gives as "not shown", and the security-question calls.
    const notShown: SpecCallName[] = [
      'eauthenticate',
      'getAccount',
      'saveAccount',
      'fidbondCreate',
      'saveCustomer',
      'findCurrentTerm',
      'validateAnswers',
      'findUserByUsername',
      'updateSecurityAnswer',
    ]
    const shown = (Object.keys(specCalls) as SpecCallName[]).filter((n) => !notShown.includes(n))
    expect([...replayed].sort()).toEqual(shown.sort())
  })
})
