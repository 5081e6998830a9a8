// Issue 32, written as the attacker's scripts (security review R1, H2, M4, M9, E1, D1, J1,
// A1, H3): the channels that reset a password, the first enrolment and the hand-off must not
// be turned into a takeover. Each test drives the real service over HTTP.
import { describe, expect, it } from 'vitest'
import {
  authMessages,
  messages,
  programOf,
  type CwMfaResponse,
  type MfaDetails,
} from '@portal/contract'
import { maxBodyDepth } from '../../src/plugins/api-schemas.ts'
import {
  appForFile,
  manualClock,
  type TestApp,
  type TestClient,
  demoCustomers,
  demoPassword,
} from '../harness.ts'

const clock = manualClock()
const t = appForFile({ clock })

describe('J1: a deeply nested body is refused before anything walks it', () => {
  // Written as text: a serialiser walking 5,000 levels would overflow before the service did.
  const nested = (depth: number) => `{"emailAddress":${'['.repeat(depth)}"x"${']'.repeat(depth)}}`
  const post = (client: ReturnType<TestApp['client']>, url: string, payload: string) =>
    client.send({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } })

  it('answers 400 with the generic message, anonymously and signed in, on every JSON route tried', async () => {
    const anonymous = t.client()
    for (const url of [
      '/api/us-web-authentication/findEmail',
      '/api/us-web-authentication/sendTempPassword',
      '/api/mfa/updateUser',
    ]) {
      const answer = await post(anonymous, url, nested(5000))
      expect(answer.statusCode, url).toBe(400)
      expect(answer.json().message).toBe(messages.login.somethingWentWrong)
      expect(answer.body).not.toMatch(/RangeError|stack|at /)
    }
    const member = t.client()
    await member.login('bclip_demo', demoPassword)
    const answer = await post(member, '/api/customer-api/find', nested(maxBodyDepth + 1))
    expect(answer.statusCode).toBe(400)
  })

  it('still judges a body within the depth by its schema (the usual field message)', async () => {
    const answer = await post(t.client(), '/api/us-web-authentication/findEmail', nested(3))
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).not.toBe(messages.login.somethingWentWrong)
  })
})

describe('H3: the pl hand-off is signed and short-lived', () => {
  async function plHandoffUrl() {
    const client = t.client()
    await client.signIn('proliability_demo', demoPassword, '110')
    const { url } = (await client.postJson('/api/portal/handoff')).json() as { url: string }
    return new URL(url, 'http://portal.test')
  }
  const receiverShows = async (url: URL) => {
    const page = (await t.client().get(`${url.pathname}${url.search}`)).body
    return /data-field="username">([^<]*)</.exec(page)?.[1]
  }

  it('carries an expiry a minute ahead and a MAC, and the receiver opens it', async () => {
    const url = await plHandoffUrl()
    const expires = Number(url.searchParams.get('expiresLogin'))
    expect(expires * 1000 - clock.now().getTime()).toBeGreaterThan(55_000)
    expect(expires * 1000 - clock.now().getTime()).toBeLessThanOrEqual(60_000)
    expect(url.searchParams.get('macLogin')).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    expect(await receiverShows(url)).toBe('proliability_demo')
  })

  it('refuses the IV flip that turned proliability_demo into victim_pl, and a replay after a minute', async () => {
    const url = await plHandoffUrl()
    const iv = Buffer.from(url.searchParams.get('initVectorLogin') ?? '', 'base64')
    const [was, wanted] = ['proliability_de', 'victim_pl\x07\x07\x07\x07\x07\x07\x07'].map((s) =>
      Buffer.from(s.padEnd(16, '\x00').slice(0, 16), 'latin1'),
    )
    const forged = Buffer.from(iv.map((byte, i) => byte ^ (was?.[i] ?? 0) ^ (wanted?.[i] ?? 0)))
    const tampered = new URL(url)
    tampered.searchParams.set('initVectorLogin', forged.toString('base64'))
    expect(await receiverShows(tampered)).toBe('refused (forged)')

    clock.advance(61_000)
    expect(await receiverShows(url)).toBe('refused (expired)')
  })
})

describe('logout clears what the browser keeps', () => {
  it('answers Clear-Site-Data for cookies and storage, and the old cookie is worth nothing', async () => {
    const client = t.client()
    await client.signIn('bclip_demo', demoPassword)
    const before = new Map(client.cookies)
    const answer = await client.postJson('/api/logout')
    expect(answer.statusCode).toBe(204)
    expect(answer.headers['clear-site-data']).toBe('"cookies", "storage"')
    const replay = t.client()
    for (const [name, value] of before) replay.cookies.set(name, value)
    expect((await replay.postJson('/api/portal/handoff')).statusCode).toBe(401)
  })
})

// --- The recovery channels and the first enrolment (R1, H2, M4, M9, D1) ---------------------

interface Sent {
  recipient: string
  template: string
  body: string
}
const outbox = async () => (await t.client().get('/dev/outbox.json')).json() as Sent[]
const newest = async (recipient: string, template: string) =>
  (await outbox()).find((m) => m.recipient === recipient && m.template === template)
const codeTo = async (recipient: string) =>
  /\b(\d{6})\b/.exec((await newest(recipient, 'verification-code'))?.body ?? '')?.[1] ?? ''

function customer(username: string) {
  const found = demoCustomers.find((c) => c.username === username)
  if (!found) throw new Error(username)
  return {
    ...found,
    sms: `+1${found.phone}`,
    level1Org: programOf(found.program).level1Org,
  }
}

const attackerContact = {
  typeOfEmailAddress: 'Personal',
  emailAddress: 'attacker@evil.test',
  typeOfPhoneNumber: 'Personal',
  phoneNumber: '312-555-0177',
  geoCountryId: 'United States',
}

/** Asks for a temporary password by `method`, anonymously, and reads it where it went. */
async function temporaryPasswordFor(username: string, method: 'email' | 'sms') {
  const c = customer(username)
  const answer = await t.client().postJson('/api/us-web-authentication/sendTempPassword', {
    ...(method === 'email' ? { emailAddress: c.email } : { phoneNumber: c.phone }),
    deliveryMethod: method,
    appName: 'usweb',
  })
  expect(answer.json()).toMatchObject({ status: true })
  const sent = await newest(method === 'email' ? c.email : c.sms, 'temporary-password')
  return /temporary password is:? (\S+?)\.?(\s|$)/.exec(sent?.body ?? '')?.[1] ?? ''
}

const login = async (client: TestClient, username: string, password: string) =>
  (await client.login(username, password, customer(username).level1Org)).json() as {
    message: string
    temporaryPassword?: boolean
  }

/** Uses a temporary password and replaces it, as the member does; the new password. */
async function resetWith(username: string, temporary: string, replacement: string) {
  const client = t.client()
  expect(await login(client, username, temporary)).toMatchObject({ temporaryPassword: true })
  const changed = await client.postForm('/api/us-web-authentication/updateTempPassword', {
    userName: username,
    password: replacement,
  })
  expect(changed.json()).toMatchObject({ temporaryPasswordFlagUpdated: true })
  return replacement
}

/** Password, program check and the second-factor decision from `device`. */
/** A sign-in in a new browser, or in the browser of `earlier` (its trusted-device cookie). */
async function signInTo(
  username: string,
  password: string,
  device = 'device-of-whoever',
  earlier?: TestClient,
) {
  const client = earlier ? t.client().carryDeviceFrom(earlier) : t.client()
  expect(await login(client, username, password)).toMatchObject({ message: authMessages.success })
  await client.checkProgram()
  const decision = (await client.mfaDecision(device)).json() as CwMfaResponse
  return { client, decision }
}
const details = async (client: TestClient) =>
  (await client.get('/api/mfa/getDetails')).json() as MfaDetails
const send = (client: TestClient, rgValue: 'email' | 'sms') =>
  client.postJson('/api/mfa/submitVerification', { rgValue })
const enter = async (client: TestClient, verificationCode: string, device = 'device-of-whoever') =>
  (
    await client.send({
      method: 'POST',
      url: '/api/mfa/enterverificationcode',
      headers: client.mfaHeaders(device),
      payload: { verificationCode },
    })
  ).json() as CwMfaResponse

describe('R1: a lock, a reset and a re-bind', () => {
  it('keeps the proven contacts bound after the reset: no change before a code, and the code goes to the proven phone', async () => {
    const owner = customer('dtcria_demo')
    for (const wrong of ['Wrong#0001', 'Wrong#0002', 'Wrong#0003']) {
      await login(t.client(), 'dtcria_demo', wrong)
    }
    expect(await login(t.client(), 'dtcria_demo', demoPassword)).toMatchObject({
      message: authMessages.userLocked,
    })
    // Whoever reads the mailbox gets the temporary password and sets a password of their own.
    const temporary = await temporaryPasswordFor('dtcria_demo', 'email')
    const theirs = await resetWith('dtcria_demo', temporary, 'Owned#Glacier26')
    const { client, decision } = await signInTo('dtcria_demo', theirs)
    expect(decision).toMatchObject({ statusCode: 'RE_ENROLL', mfaStatusCode: 'UNLOCKED' })

    // The contacts proven before are shown masked and bound; the mailbox's channel is not offered.
    expect(await details(client)).toMatchObject({
      emailAddress: null,
      phoneNumber: `***-***-${owner.phone.slice(-4)}`,
      contactsBound: true,
      recentRecoveryBy: 'email',
    })
    // Both contacts replaced before any code: refused, and nothing changed.
    const rebind = await client.postJson('/api/mfa/updateUser', attackerContact)
    expect(rebind.statusCode).toBe(403)
    // A code to the mailbox that received the temporary password: refused.
    expect((await send(client, 'email')).statusCode).toBe(403)
    expect(await newest('attacker@evil.test', 'verification-code')).toBeUndefined()

    // The owner's phone gets the code; with it the sign-in goes on, and the contacts are the owner's.
    expect((await send(client, 'sms')).json()).toMatchObject({ statusCode: 'CHALLENGE_SUCCESS' })
    expect(await enter(client, await codeTo(owner.sms))).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(200)
    const next = await signInTo('dtcria_demo', theirs, 'another-device')
    expect(next.decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    expect(await details(next.client)).toMatchObject({
      phoneNumber: `***-***-${owner.phone.slice(-4)}`,
    })
  })
})

describe('M9: the mailbox alone is not enough', () => {
  it('sends the next code by text after a recovery by email, until one passes there, and tells both channels', async () => {
    const owner = customer('fidbond_demo')
    const temporary = await temporaryPasswordFor('fidbond_demo', 'email')
    // The phone hears that a temporary password went to the mailbox.
    expect(await newest(owner.sms, 'temporary-password-notice')).toBeDefined()
    const password = await resetWith('fidbond_demo', temporary, 'Mailbox#Tundra26')
    const { client, decision } = await signInTo('fidbond_demo', password)
    expect(decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    expect(await details(client)).toMatchObject({ emailAddress: null, recentRecoveryBy: 'email' })
    const byEmail = await send(client, 'email')
    expect(byEmail.statusCode).toBe(403)
    expect(byEmail.json().message).toBe(messages.mfa.codeAfterRecovery)
    expect((await send(client, 'sms')).json()).toMatchObject({ statusCode: 'CHALLENGE_SUCCESS' })
    expect(await enter(client, await codeTo(owner.sms))).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })

    // The code by text ended the restriction (not the time: test/security/mailbox-alone.test.ts).
    const later = await signInTo('fidbond_demo', password, 'a-third-device')
    expect(await details(later.client)).toMatchObject({ recentRecoveryBy: null })
    expect((await send(later.client, 'email')).statusCode).toBe(200)
  })
})

describe('M4: asking for a temporary password takes nothing away', () => {
  it("keeps the member's own password working after someone else asks, and voids the temporary one", async () => {
    const temporary = await temporaryPasswordFor('cabar_demo', 'email')
    expect(await login(t.client(), 'cabar_demo', demoPassword)).toMatchObject({
      message: authMessages.success,
      temporaryPassword: false,
    })
    // The first of the two to be used won: the temporary one is void now.
    expect(await login(t.client(), 'cabar_demo', temporary)).toMatchObject({
      message: authMessages.attempt1,
    })
    expect(await login(t.client(), 'cabar_demo', demoPassword)).toMatchObject({
      message: authMessages.success,
    })
  })

  it('lets a temporary password sign in once, and voids the old password when it is used', async () => {
    const temporary = await temporaryPasswordFor('equipmentrenew_demo', 'email')
    expect(await login(t.client(), 'equipmentrenew_demo', temporary)).toMatchObject({
      temporaryPassword: true,
    })
    expect(await login(t.client(), 'equipmentrenew_demo', temporary)).toMatchObject({
      message: authMessages.invalidCredentials,
    })
    expect(await login(t.client(), 'equipmentrenew_demo', demoPassword)).not.toMatchObject({
      message: authMessages.success,
    })
  })

  it('lets exactly one of two parallel sign-ins spend a temporary password', async () => {
    const temporary = await temporaryPasswordFor('dtcpnc_demo', 'email')
    const answers = await Promise.all(
      [t.client(), t.client(), t.client()].map((client) => login(client, 'dtcpnc_demo', temporary)),
    )
    expect(answers.filter((a) => a.temporaryPassword === true)).toHaveLength(1)
  })

  it('expires a temporary password sent by text after 10 minutes, one sent by email after 24 hours', async () => {
    const bySms = await temporaryPasswordFor('dtcmyaccount_demo', 'sms')
    clock.advance(10 * 60_000 + 1)
    try {
      expect(await login(t.client(), 'dtcmyaccount_demo', bySms)).toMatchObject({
        message: authMessages.attempt1,
      })
    } finally {
      clock.advance(-(10 * 60_000 + 1))
    }
    const byEmail = await temporaryPasswordFor('dtcmyaccount_demo', 'email')
    clock.advance(23 * 3_600_000)
    try {
      expect(await login(t.client(), 'dtcmyaccount_demo', byEmail)).toMatchObject({
        temporaryPassword: true,
      })
    } finally {
      clock.advance(-23 * 3_600_000)
    }
  })
})

describe('D1: device trust ends with a reset, an unlock or a contact change', () => {
  it('challenges a device trusted before the reset, with the new password', async () => {
    const owner = customer('dtclifeagents_demo')
    const first = await signInTo('dtclifeagents_demo', demoPassword, 'trusted-laptop')
    expect(first.decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    await send(first.client, 'email')
    await enter(first.client, await codeTo(owner.email), 'trusted-laptop')
    const again = await signInTo('dtclifeagents_demo', demoPassword, 'trusted-laptop', first.client)
    expect(again.decision).toMatchObject({ statusCode: 'ALLOW_LOGIN' })

    const temporary = await temporaryPasswordFor('dtclifeagents_demo', 'sms')
    const password = await resetWith('dtclifeagents_demo', temporary, 'NewLaptop#2026')
    const after = await signInTo('dtclifeagents_demo', password, 'trusted-laptop', first.client)
    expect(after.decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
  })

  it('challenges a device trusted before the contacts changed', async () => {
    const owner = customer('augustar_demo')
    const first = await signInTo('augustar_demo', demoPassword, 'old-phone')
    await send(first.client, 'email')
    await enter(first.client, await codeTo(owner.email), 'old-phone')
    const changed = await first.client.postJson('/api/mfa/updateUser', {
      ...attackerContact,
      emailAddress: 'augustar.new.address@example.com',
    })
    expect(changed.json()).toMatchObject({ statusCode: 'VERIFIED' })
    const after = await signInTo('augustar_demo', demoPassword, 'old-phone')
    expect(after.decision).not.toMatchObject({ statusCode: 'ALLOW_LOGIN' })
  })
})

describe('H2: a new account enrols with the contacts on its record', () => {
  const newCustomer = () => {
    const found = demoCustomers.find((c) => c.email === 'bclip.new@example.com')
    if (!found) throw new Error('bclip.new')
    return found
  }

  it("refuses an attacker's contacts before the first code, and sends that code to the record", async () => {
    const record = newCustomer()
    const created = await t.client().postJson('/api/us-web-authentication/createuser', {
      userLoginNm: 'hijack_bc2',
      userPassword: 'Crimson#Orbit26',
      phoneNumber: record.phone,
      appName: 'USWEB',
      membershipCd: record.custnum,
      firstName: 'x',
      primaryEmailAddress: record.email,
      optLocVersionNo: '0',
      level1Org: '100',
    })
    expect(created.json()).toMatchObject({ returnCode: 'SUCCESS' })
    const client = t.client()
    await client.login('hijack_bc2', 'Crimson#Orbit26')
    await client.checkProgram()
    expect((await client.mfaDecision('x')).json()).toMatchObject({ mfaStatusCode: 'NEWUSER' })

    for (const contact of [
      attackerContact,
      { ...attackerContact, emailAddress: record.email },
      {
        ...attackerContact,
        phoneNumber: record.phone.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3'),
      },
    ]) {
      const refused = await client.postJson('/api/mfa/updateUser', contact)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe(messages.mfa.firstCodeOnRecord)
    }
    // The record's own number behind another country's prefix is someone else's phone.
    const abroad = await client.postJson('/api/mfa/updateUser', {
      ...attackerContact,
      emailAddress: record.email,
      phoneNumber: record.phone.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3'),
      geoCountryId: 'United Kingdom',
    })
    expect(abroad.statusCode).toBe(400)

    const recordContact = {
      ...attackerContact,
      emailAddress: record.email,
      phoneNumber: record.phone.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3'),
    }
    expect((await client.postJson('/api/mfa/updateUser', recordContact)).statusCode).toBe(200)
    // Saved, but not proven: a second save of other contacts is still held to the record.
    expect((await client.postJson('/api/mfa/updateUser', attackerContact)).statusCode).toBe(400)
    expect((await send(client, 'email')).json()).toMatchObject({ statusCode: 'CHALLENGE_SUCCESS' })
    expect(await codeTo(record.email)).toMatch(/^\d{6}$/)
    expect(await newest('attacker@evil.test', 'verification-code')).toBeUndefined()
  })

  it('lets the rightful new member enrol with the record contacts and be handed off', async () => {
    const record = demoCustomers.find((c) => c.email === 'fidbond.new@example.com')
    if (!record) throw new Error('fidbond.new')
    const created = await t.client().postJson('/api/us-web-authentication/createuser', {
      userLoginNm: 'rightful_fb2',
      userPassword: 'Sable#Rivet26',
      phoneNumber: record.phone,
      appName: 'USWEB',
      membershipCd: record.custnum,
      firstName: 'Rae',
      primaryEmailAddress: record.email,
      optLocVersionNo: '0',
      level1Org: '200',
    })
    expect(created.json()).toMatchObject({ returnCode: 'SUCCESS' })
    const client = t.client()
    await client.login('rightful_fb2', 'Sable#Rivet26', '200')
    await client.checkProgram()
    await client.mfaDecision('new-member')
    const saved = await client.postJson('/api/mfa/updateUser', {
      ...attackerContact,
      emailAddress: record.email,
      phoneNumber: record.phone.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3'),
    })
    expect(saved.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    await send(client, 'sms')
    expect(await enter(client, await codeTo(`+1${record.phone}`), 'new-member')).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(200)
  })
})
