// Issue 40, row M9 (security review §2 M9, Requests A and B), written as the attacker's
// script: whoever reads the mailbox that received a temporary password must not also get
// the sign-in code there, at once or a day later. The code goes by the other channel until
// one passes there; the rightful member, who has the phone, gets it by text and is handed off.
import { describe, expect, it } from 'vitest'
import {
  authMessages,
  maskPhone,
  messages,
  programOf,
  type CwMfaResponse,
  type MfaDetails,
  type ProgramCode,
} from '@portal/contract'
import { accountsService } from '../../src/modules/accounts/accounts.service.ts'
import {
  appForFile,
  manualClock,
  type TestClient,
  demoCustomers,
  demoPassword,
  customerOf,
  removeCustomerPhones,
  setAccountPhone,
} from '../harness.ts'

const clock = manualClock()
const t = appForFile({ clock })

const aDayAndMore = 25 * 3_600_000

interface Member {
  username: string
  email: string
  /** Ten digits, as the record has it. */
  phone: string
  program: ProgramCode
}
const smsOf = (member: Member) => `+1${member.phone}`
const dashed = (phone: string) => phone.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3')
const level1OrgOf = (member: Member) => programOf(member.program).level1Org

function demoMember(username: string): Member {
  const found = demoCustomers.find((c) => c.username === username)
  if (!found) throw new Error(username)
  return { username, email: found.email, phone: found.phone, program: found.program }
}

interface Sent {
  recipient: string
  template: string
  body: string
}
const outbox = async () => (await t.client().get('/dev/outbox.json')).json() as Sent[]
const codesTo = async (recipient: string) =>
  (await outbox()).filter((m) => m.recipient === recipient && m.template === 'verification-code')
const codeTo = async (recipient: string) =>
  /\b(\d{6})\b/.exec((await codesTo(recipient))[0]?.body ?? '')?.[1] ?? ''

const login = async (client: TestClient, member: Member, password: string) =>
  (await client.login(member.username, password, level1OrgOf(member))).json() as {
    message: string
    temporaryPassword?: boolean
  }

/** Review step 1-2: a temporary password by `method`, used, and replaced by `replacement`. */
async function recoverBy(member: Member, method: 'email' | 'sms', replacement: string) {
  const asked = await t.client().postJson('/api/us-web-authentication/sendTempPassword', {
    ...(method === 'email' ? { emailAddress: member.email } : { phoneNumber: member.phone }),
    deliveryMethod: method,
    appName: 'usweb',
  })
  expect(asked.json()).toMatchObject({ status: true })
  const to = method === 'email' ? member.email : smsOf(member)
  const sent = (await outbox()).find(
    (m) => m.recipient === to && m.template === 'temporary-password',
  )
  const temporary = /temporary password is:? (\S+?)\.?(\s|$)/.exec(sent?.body ?? '')?.[1] ?? ''
  const client = t.client()
  expect(await login(client, member, temporary)).toMatchObject({ temporaryPassword: true })
  const changed = await client.postForm('/api/us-web-authentication/updateTempPassword', {
    userName: member.username,
    password: replacement,
  })
  expect(changed.json()).toMatchObject({ temporaryPasswordFlagUpdated: true })
  return replacement
}

/** Password, program check and the second-factor decision, in a new browser. */
async function signIn(member: Member, password: string) {
  const client = t.client()
  expect(await login(client, member, password)).toMatchObject({ message: authMessages.success })
  await client.checkProgram()
  const decision = (await client.mfaDecision('a-new-browser')).json() as CwMfaResponse
  return { client, decision }
}
const details = async (client: TestClient) =>
  (await client.get('/api/mfa/getDetails')).json() as MfaDetails
const send = (client: TestClient, rgValue: 'email' | 'sms') =>
  client.postJson('/api/mfa/submitVerification', { rgValue })
const enter = async (client: TestClient, verificationCode: string) =>
  (
    await client.send({
      method: 'POST',
      url: '/api/mfa/enterverificationcode',
      headers: client.mfaHeaders('a-new-browser'),
      payload: { verificationCode },
    })
  ).json() as CwMfaResponse

/** A code to `method` is refused with the recovery's message, and none is written. */
async function expectRefused(client: TestClient, method: 'email' | 'sms', recipient: string) {
  const before = (await codesTo(recipient)).length
  const refused = await send(client, method)
  expect(refused.statusCode).toBe(403)
  expect(refused.json().message).toBe(messages.mfa.codeAfterRecovery)
  expect(await codesTo(recipient)).toHaveLength(before)
}

/** A new account on a customer without one, enrolled with the record's contacts by an email code. */
async function memberWhoProvedTheEmailOnly(custnum: string, username: string): Promise<Member> {
  const record = await customerOf(t, custnum)
  const found = demoCustomers.find((c) => c.custnum === custnum)
  if (!record?.primaryEmailAddress || !record.phone1 || !found) throw new Error(custnum)
  const member = {
    username,
    email: record.primaryEmailAddress,
    phone: record.phone1,
    program: found.program,
  }
  const created = await accountsService({ store: t.store, clock: t.clock }).createAccount({
    custnum,
    username,
    password: 'Own#Harbor2026',
  })
  expect(created.ok).toBe(true)
  const { client, decision } = await signIn(member, 'Own#Harbor2026')
  expect(decision).toMatchObject({ statusCode: 'RE_ENROLL', mfaStatusCode: 'NEWUSER' })
  const enrolled = await client.postJson('/api/mfa/updateUser', {
    typeOfEmailAddress: 'Personal',
    emailAddress: member.email,
    typeOfPhoneNumber: 'Personal',
    phoneNumber: dashed(member.phone),
    geoCountryId: 'United States',
  })
  expect(enrolled.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
  expect((await send(client, 'email')).json()).toMatchObject({ statusCode: 'CHALLENGE_SUCCESS' })
  expect(await enter(client, await codeTo(member.email))).toMatchObject({
    statusCode: 'AUTHENTICATION_SUCCESS',
  })
  return member
}

const attackerContact = {
  typeOfEmailAddress: 'Personal',
  emailAddress: 'attacker@evil.test',
  typeOfPhoneNumber: 'Personal',
  phoneNumber: '312-555-0177',
  geoCountryId: 'United States',
}

describe('M9: after a recovery by email, the code goes to the phone until one passes there', () => {
  it('Requests A: a member who proved only the email gets no code in the mailbox, at once or a day later; the phone on the record gets it', async () => {
    const newcomer = demoCustomers.find((c) => c.program === 'fidbond' && !c.username)
    const member = await memberWhoProvedTheEmailOnly(newcomer?.custnum ?? '', 'acc_mailbox_a')
    const password = await recoverBy(member, 'email', 'Mbx!only7Qz2')

    const { client, decision } = await signIn(member, password)
    expect(decision).toMatchObject({ statusCode: 'RE_ENROLL', mfaStatusCode: 'UNVERIFIED' })
    // Only the phone on the record is offered, masked; the contacts are bound.
    expect(await details(client)).toMatchObject({
      emailAddress: null,
      phoneNumber: maskPhone(member.phone),
      contactsBound: true,
      recentRecoveryBy: 'email',
    })
    expect((await client.postJson('/api/mfa/updateUser', attackerContact)).statusCode).toBe(403)
    await expectRefused(client, 'email', member.email)

    // The review's "after 24 h": still refused.
    clock.advance(aDayAndMore)
    const later = await signIn(member, password)
    await expectRefused(later.client, 'email', member.email)
    expect(await details(later.client)).toMatchObject({ recentRecoveryBy: 'email' })

    // Whoever has the phone passes, is handed off, and the restriction ends with that code.
    expect((await send(later.client, 'sms')).json()).toMatchObject({
      statusCode: 'CHALLENGE_SUCCESS',
    })
    expect(await enter(later.client, await codeTo(smsOf(member)))).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    expect((await later.client.postJson('/api/portal/handoff')).statusCode).toBe(200)
    const after = await signIn(member, password)
    expect(after.decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    expect(await details(after.client)).toMatchObject({ recentRecoveryBy: null })
    expect((await send(after.client, 'email')).statusCode).toBe(200)
  })

  it('Requests B: a member with a proven phone gets no mailbox code a day later either; the owner gets it by text and is handed off', async () => {
    const member = demoMember('fidbond_demo')
    const password = await recoverBy(member, 'email', 'Mailbox#Tundra26')
    const { client, decision } = await signIn(member, password)
    expect(decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    expect(await details(client)).toMatchObject({
      emailAddress: null,
      phoneNumber: maskPhone(member.phone),
      recentRecoveryBy: 'email',
    })
    await expectRefused(client, 'email', member.email)

    clock.advance(aDayAndMore)
    const later = await signIn(member, password)
    expect(later.decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    await expectRefused(later.client, 'email', member.email)

    expect((await send(later.client, 'sms')).json()).toMatchObject({
      statusCode: 'CHALLENGE_SUCCESS',
    })
    expect(await enter(later.client, await codeTo(smsOf(member)))).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    expect((await later.client.postJson('/api/portal/handoff')).statusCode).toBe(200)

    const after = await signIn(member, password)
    expect(await details(after.client)).toMatchObject({ recentRecoveryBy: null })
    expect((await send(after.client, 'email')).statusCode).toBe(200)
  })

  it('sends a member with no mobile number anywhere to the support screen with a ticket', async () => {
    const newcomer = demoCustomers.find((c) => c.program === 'bclip' && !c.username)
    const member = await memberWhoProvedTheEmailOnly(newcomer?.custnum ?? '', 'acc_quiet_b')
    // The record's number is gone (a later import), and the account has none of its own.
    await removeCustomerPhones(t, newcomer?.custnum ?? '')
    await setAccountPhone(t, member.username, null)
    const password = await recoverBy(member, 'email', 'Nomobile#Fjord26')

    const { client, decision } = await signIn(member, password)
    expect(decision).toMatchObject({
      statusCode: 'INCIDENT_CREATED',
      nextScreen: 'support',
      incidentID: expect.stringMatching(/^INC\d{14}$/),
    })
    // Nothing can be sent from there (the sign-in owes no code it could send): not to the
    // mailbox, not to the phone that is neither proven nor on file.
    expect((await send(client, 'email')).statusCode).toBe(401)
    expect((await send(client, 'sms')).statusCode).toBe(401)
    expect(await codesTo(member.email)).toHaveLength(1) // the enrolment's
    expect(await codesTo(smsOf(member))).toHaveLength(0)
  })
})

describe('M9 the other way round: after a recovery by text, the code goes by email', () => {
  it('refuses the phone that received the temporary password until an email code passes', async () => {
    const member = demoMember('bclip_demo')
    const password = await recoverBy(member, 'sms', 'Textonly#Delta26')
    const { client, decision } = await signIn(member, password)
    expect(decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    expect(await details(client)).toMatchObject({ phoneNumber: null, recentRecoveryBy: 'sms' })
    await expectRefused(client, 'sms', smsOf(member))

    expect((await send(client, 'email')).json()).toMatchObject({ statusCode: 'CHALLENGE_SUCCESS' })
    expect(await enter(client, await codeTo(member.email))).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    const after = await signIn(member, password)
    expect((await send(after.client, 'sms')).statusCode).toBe(200)
  })
})

describe('the member who was not recovered', () => {
  it('still chooses either proven contact', async () => {
    const member = demoMember('augustar_demo')
    const { client, decision } = await signIn(member, demoPassword)
    expect(decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    expect(await details(client)).toMatchObject({ recentRecoveryBy: null })
    expect((await send(client, 'email')).statusCode).toBe(200)
  })
})
