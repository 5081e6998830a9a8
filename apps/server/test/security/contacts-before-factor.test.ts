// Issue 40, row P2, written as the attacker's script (security review §2 P2): with the password
// alone, the MFA decision carried the full mobile number (every RE_ENROLL) and getDetails the
// full email address and mobile number (UNVERIFIED, NEWUSER). Now, until a factor passes in
// this sign-in, both are masked and phoneList carries the country code only; the member keeps
// a masked contact by sending it back as shown, or types a new one (which the rules of issue
// 32 then judge as before).
import { beforeAll, describe, expect, it } from 'vitest'
import { maskEmail, maskPhone, messages, programOf, type CwMfaResponse } from '@portal/contract'
import { accountsService } from '../../src/modules/accounts/accounts.service.ts'
import {
  appForFile,
  manualClock,
  type TestClient,
  demoCustomers,
  demoPassword,
  unprovePhone,
} from '../harness.ts'

const clock = manualClock()
const t = appForFile({ clock })

const dashed = (phone: string) => phone.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3')

/** Password, program check and decision on a new device. */
async function decided(username: string, password: string, level1Org: string) {
  const client = t.client()
  await client.login(username, password, level1Org)
  await client.checkProgram()
  const answer = await client.mfaDecision(`p2-${username}`)
  return { client, answer: answer.json() as CwMfaResponse, body: answer.body }
}

const details = async (client: TestClient) =>
  (await client.get('/api/mfa/getDetails')).json() as Record<string, unknown>

async function passSmsCode(client: TestClient, phone: string) {
  await client.postJson('/api/mfa/submitVerification', { rgValue: 'sms' })
  const sent = (await client.get('/dev/outbox.json')).json() as {
    recipient: string
    template: string
    body: string
  }[]
  const message = sent.find(
    (m) => m.recipient === `+1${phone}` && m.template === 'verification-code',
  )
  const verificationCode = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? ''
  return (
    await client.send({
      method: 'POST',
      url: '/api/mfa/enterverificationcode',
      headers: client.mfaHeaders('p2-device'),
      payload: { verificationCode },
    })
  ).json() as CwMfaResponse
}

describe('P2: a member who proved the email only (RE_ENROLL / UNVERIFIED)', () => {
  it('reads the country code in the decision and masked contacts in getDetails, never the number', async () => {
    const c = demoCustomers.find((d) => d.username === 'augustar_demo')
    if (!c?.username || !c.email || !c.phone) throw new Error('demo member')
    await unprovePhone(t, c.username)

    const { client, answer, body } = await decided(
      c.username,
      demoPassword,
      programOf(c.program).level1Org,
    )
    expect(answer).toMatchObject({
      statusCode: 'RE_ENROLL',
      mfaStatusCode: 'UNVERIFIED',
      contactDetails: { phoneList: [{ countryCode: '1' }] },
    })
    expect(answer.contactDetails?.phoneList[0]).toEqual({ countryCode: '1' })
    expect(body).not.toContain(c.phone.slice(-4))

    const shown = await details(client)
    expect(shown).toMatchObject({
      emailAddress: maskEmail(c.email),
      phoneNumber: maskPhone(c.phone),
      contactsMasked: true,
    })
    expect(JSON.stringify(shown)).not.toContain(c.email)
    expect(JSON.stringify(shown)).not.toContain(dashed(c.phone))

    // Kept as shown: the contacts on file stay, the code goes to the number on file, and
    // after it passes the same sign-in reads them in full.
    const kept = await client.postJson('/api/mfa/updateUser', {
      typeOfEmailAddress: 'Personal',
      emailAddress: shown.emailAddress,
      typeOfPhoneNumber: 'Personal',
      phoneNumber: shown.phoneNumber,
      geoCountryId: 'United States',
    })
    expect(kept.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    expect(await passSmsCode(client, c.phone)).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    expect(await details(client)).toMatchObject({
      emailAddress: c.email,
      phoneNumber: dashed(c.phone),
    })
    expect((await details(client)).contactsMasked).toBeUndefined()
  })
})

describe('P2: a new account (RE_ENROLL / NEWUSER)', () => {
  const newcomer = demoCustomers.find((d) => d.program === 'dtcpnc' && !d.username)
  const email = newcomer?.email ?? ''
  const phone = newcomer?.phone ?? ''
  const password = 'Brisk#Lantern26'

  beforeAll(async () => {
    const created = await accountsService({ store: t.store, clock: t.clock }).createAccount({
      custnum: newcomer?.custnum ?? '',
      username: 'p2_newcomer',
      password,
    })
    expect(created).toMatchObject({ ok: true })
  })

  it('reads the email and mobile on file masked; sent back as shown they are kept, and the first code reaches the record', async () => {
    const { client, answer } = await decided('p2_newcomer', password, '100')
    expect(answer).toMatchObject({ statusCode: 'RE_ENROLL', mfaStatusCode: 'NEWUSER' })
    const shown = await details(client)
    expect(shown).toMatchObject({
      userName: 'p2_newcomer',
      emailAddress: maskEmail(email),
      phoneNumber: maskPhone(phone),
      contactsMasked: true,
    })
    expect(JSON.stringify(shown)).not.toContain(email)

    const contact = {
      typeOfEmailAddress: 'Work',
      emailAddress: String(shown.emailAddress),
      typeOfPhoneNumber: 'Personal',
      phoneNumber: String(shown.phoneNumber),
      geoCountryId: 'United States',
    }
    // A masked form that is not what is on file is not an address.
    const guessed = await client.postJson('/api/mfa/updateUser', {
      ...contact,
      emailAddress: 'x***@evil.test',
    })
    expect(guessed.statusCode).toBe(400)
    expect(guessed.json()).toMatchObject({ message: messages.validation.email('x***@evil.test') })
    // A typed contact is judged as before (issue 32, H2: the first code goes to the record).
    const typed = await client.postJson('/api/mfa/updateUser', {
      ...contact,
      phoneNumber: '312-555-0177',
    })
    expect(typed.statusCode).toBe(400)
    expect(typed.json()).toMatchObject({ message: messages.mfa.firstCodeOnRecord })

    const kept = await client.postJson('/api/mfa/updateUser', contact)
    expect(kept.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    // Still masked after the save: no factor has passed yet.
    expect(await details(client)).toMatchObject({
      emailAddress: maskEmail(email),
      phoneNumber: maskPhone(phone),
    })
    expect(await passSmsCode(client, phone)).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    expect(await details(client)).toMatchObject({
      emailAddress: email,
      typeOfEmailAddress: 'Work',
      phoneNumber: dashed(phone),
    })
  })
})
