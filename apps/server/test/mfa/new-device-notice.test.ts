// Issue 40: when a second factor passes on a browser where none passed before, both proven
// contacts hear of it in the member's language: the program, when, the browser and system,
// and what to do if it was not them. A second pass on the same browser is not news.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatProgramPhone, programOf, type CwMfaResponse } from '@portal/contract'
import { accountsService } from '../../src/modules/accounts/accounts.service.ts'
import {
  SoftwareAuthenticator,
  startTestApp,
  type TestApp,
  type TestClient,
  demoCustomers,
  demoMailingPhones,
  demoPassword,
} from '../harness.ts'

const origin = 'https://portal.example'
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({
    env: { WEBAUTHN_RP_ID: 'portal.example', WEBAUTHN_ORIGINS: origin },
  })
})
afterAll(() => t.close())

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

function member(username: string) {
  const found = demoCustomers.find((c) => c.username === username)
  if (!found) throw new Error(username)
  const program = programOf(found.program)
  return {
    username,
    email: found.email,
    sms: `+1${found.phone}`,
    program,
    phone: formatProgramPhone(found.program, demoMailingPhones[program.serviceCode] ?? ''),
  }
}

interface Sent {
  recipient: string
  template: string
  subject: string
  body: string
}
const notices = async (recipient: string) =>
  ((await t.client().get('/dev/outbox.json')).json() as Sent[]).filter(
    (m) => m.recipient === recipient && m.template === 'new-device-notice',
  )

/**
 * A sign-in in the browser of `earlier` (its device cookie) or a new one, whose code is passed
 * by email without remembering the device, so that the next sign-in there is asked again.
 */
async function passCodeIn(
  username: string,
  headers: Record<string, string>,
  earlier?: TestClient,
): Promise<TestClient> {
  const client = earlier ? t.client().carryDeviceFrom(earlier) : t.client()
  const { program } = member(username)
  await client.login(username, demoPassword, program.level1Org)
  await client.checkProgram()
  const decision = await client.send({ method: 'GET', url: '/api/mfa/getMFAUser', headers })
  expect((decision.json() as CwMfaResponse).statusCode).toBe('CHALLENGE_LOGIN')
  const sent = await client.send({
    method: 'POST',
    url: '/api/mfa/submitVerification',
    headers,
    payload: { rgValue: 'email' },
  })
  expect(sent.json()).toMatchObject({ statusCode: 'CHALLENGE_SUCCESS' })
  const passed = await client.send({
    method: 'POST',
    url: '/api/mfa/enterverificationcode',
    headers,
    payload: {
      verificationCode: await client.latestCode(member(username).email),
      rememberDevice: false,
    },
  })
  expect(passed.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
  return client
}

describe('the new-device notice', () => {
  it('tells each proven contact of a first pass on a new browser, and nothing of a second pass there', async () => {
    const owner = member('fidbond_demo')
    const laptop = await passCodeIn(owner.username, { 'user-agent': chromeOnWindows })

    const [email] = await notices(owner.email)
    const [text] = await notices(owner.sms)
    expect(await notices(owner.email)).toHaveLength(1)
    expect(await notices(owner.sms)).toHaveLength(1)
    const link = `${origin}/usweb/forgot-password?prgName=fidbond&level1Org=${owner.program.level1Org}`
    expect(email?.subject).toBe(`${owner.program.displayName}: a sign-in from a new device`)
    expect(email?.body).toContain(
      'Your online account was just signed in to from a device it had not been used on before: Chrome on Windows, on ',
    )
    expect(email?.body).toContain(
      `If it was not, reset your password at ${link} now, and call customer service at ${owner.phone}.`,
    )
    expect(text?.body).toBe(
      `${owner.program.displayName}: a sign-in to your online account from a new device (Chrome on Windows). Not you? Reset your password at ${link} and call ${owner.phone}.`,
    )

    // The same browser again (not remembered, so the code is asked again): not news.
    await passCodeIn(owner.username, { 'user-agent': chromeOnWindows }, laptop)
    expect(await notices(owner.email)).toHaveLength(1)
    expect(await notices(owner.sms)).toHaveLength(1)

    // Another browser is.
    await passCodeIn(owner.username, { 'user-agent': safariOnIphone })
    expect(await notices(owner.email)).toHaveLength(2)
    expect((await notices(owner.sms))[0]?.body).toContain('(Safari on iPhone)')
  })

  it('writes to a member who uses the portal in Spanish in Spanish', async () => {
    const owner = member('bclip_demo')
    await passCodeIn(owner.username, { 'user-agent': chromeOnWindows, 'accept-language': 'es-US' })
    const [email] = await notices(owner.email)
    const [text] = await notices(owner.sms)
    expect(email?.subject).toBe(
      `${owner.program.displayName}: un inicio de sesión desde un dispositivo nuevo`,
    )
    expect(email?.body).toContain(
      'Se acaba de iniciar sesión en su cuenta en línea desde un dispositivo que no se había usado antes: Chrome en Windows, el ',
    )
    expect(email?.body).toContain(`y llame a Servicio al Cliente al ${owner.phone}.`)
    expect(text?.body).toContain(
      '¿No fue usted? Restablezca su contraseña en https://portal.example/',
    )
  })

  it('tells of a passkey passed on a new browser too', async () => {
    const owner = member('dtcria_demo')
    const laptop = await passCodeIn(owner.username, { 'user-agent': chromeOnWindows })
    const authenticator = new SoftwareAuthenticator(origin)
    const creation = (await laptop.postJson('/api/passkeys/registration/options', {})).json()
    const saved = await laptop.postJson('/api/passkeys/registration', {
      response: authenticator.register(creation),
    })
    expect(saved.statusCode).toBe(200)
    expect(await notices(owner.sms)).toHaveLength(1)

    const phone = t.client()
    await phone.login(owner.username, demoPassword, owner.program.level1Org)
    await phone.checkProgram()
    expect((await phone.mfaDecision()).json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    const request = (await phone.postJson('/api/passkeys/authentication/options', {})).json()
    const used = await phone.send({
      method: 'POST',
      url: '/api/passkeys/authentication',
      headers: { 'user-agent': safariOnIphone },
      payload: { response: authenticator.assert(request) },
    })
    expect(used.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
    expect(await notices(owner.sms)).toHaveLength(2)
    expect((await notices(owner.email))[0]?.body).toContain(': Safari on iPhone, on ')
  })

  it("sends none for a new account's first code: its enrolment, which the record heard of", async () => {
    const newcomer = demoCustomers.find((c) => c.program === 'cabar' && !c.username)
    if (!newcomer) throw new Error('no new cabar customer')
    const created = await accountsService({ store: t.store, clock: t.clock }).createAccount({
      custnum: newcomer.custnum,
      username: 'first_device_member',
      password: 'Brisk#Lantern26',
    })
    expect(created.ok).toBe(true)
    const client = t.client()
    await client.login('first_device_member', 'Brisk#Lantern26', programOf('cabar').level1Org)
    await client.checkProgram()
    expect((await client.mfaDecision()).json()).toMatchObject({ mfaStatusCode: 'NEWUSER' })
    await client.postJson('/api/mfa/updateUser', {
      typeOfEmailAddress: 'Personal',
      emailAddress: newcomer.email,
      typeOfPhoneNumber: 'Personal',
      phoneNumber: newcomer.phone.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3'),
      geoCountryId: 'United States',
    })
    await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    const passed = await client.postJson('/api/mfa/enterverificationcode', {
      verificationCode: await client.latestCode(newcomer.email),
    })
    expect(passed.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
    expect(await notices(newcomer.email)).toHaveLength(0)
  })
})
