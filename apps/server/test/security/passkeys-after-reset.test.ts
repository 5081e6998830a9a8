// Issue 40, row P1, written as the attacker's script (security review §2 P1): a passkey added
// once by whoever held the account stayed a working second factor after a support "lost
// phone" reset and after a password reset, and the notice of it reached one mailbox only.
// Now both resets remove the member's passkeys, the rightful member makes a new one after the
// next code, and the notice goes to every proven contact.
import { describe, expect, it } from 'vitest'
import { programOf, type CwMfaResponse } from '@portal/contract'
import { supportCommand } from '../../src/cli/support-commands.ts'
import {
  appForFile,
  SoftwareAuthenticator,
  createStaff,
  demoPassword,
  manualClock,
  type TestClient,
  demoCustomers,
} from '../harness.ts'

const origin = 'http://localhost:8080'
const clock = manualClock()
const t = appForFile({ clock })

interface Sent {
  recipient: string
  template: string
  body: string
}
const outbox = async () => (await t.client().get('/dev/outbox.json')).json() as Sent[]
const codeTo = async (recipient: string) =>
  /\b(\d{6})\b/.exec(
    (await outbox()).find((m) => m.recipient === recipient && m.template === 'verification-code')
      ?.body ?? '',
  )?.[1] ?? ''

function member(username: string) {
  const found = demoCustomers.find((c) => c.username === username)
  if (!found) throw new Error(username)
  const phone = found.phone ?? ''
  return {
    ...found,
    email: found.email ?? '',
    sms: `+1${phone}`,
    dashed: `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`,
    level1Org: programOf(found.program).level1Org,
  }
}

let devices = 0
const newDevice = () => `p1-device-${++devices}`

/** Password, then the decision on a new device: what the sign-in owes. */
async function decided(username: string, password = demoPassword) {
  const client = t.client()
  const login = (await client.login(username, password, member(username).level1Org)).json()
  expect(login).toMatchObject({ temporaryPassword: false })
  await client.checkProgram()
  const print = newDevice()
  const decision = (await client.mfaDecision(print)).json() as CwMfaResponse
  return { client, decision, print }
}

/** A code sent by `method` to the member's own contact, entered. */
async function passCode(
  client: TestClient,
  username: string,
  method: 'email' | 'sms',
  print: string,
) {
  const m = member(username)
  await client.postJson('/api/mfa/submitVerification', { rgValue: method })
  const verificationCode = await codeTo(method === 'email' ? m.email : m.sms)
  return (
    await client.send({
      method: 'POST',
      url: '/api/mfa/enterverificationcode',
      headers: client.mfaHeaders(print),
      payload: { verificationCode },
    })
  ).json() as CwMfaResponse
}

/** A passkey made in a sign-in that passed a code; the authenticator keeps the key. */
async function addPasskey(client: TestClient): Promise<SoftwareAuthenticator> {
  const authenticator = new SoftwareAuthenticator(origin)
  const options = (await client.postJson('/api/passkeys/registration/options', {})).json()
  const saved = await client.postJson('/api/passkeys/registration', {
    response: authenticator.register(options),
  })
  expect(saved.statusCode).toBe(200)
  return authenticator
}

/** The passkey's assertion in a sign-in at a challenge: the answer to it. */
async function usePasskey(client: TestClient, authenticator: SoftwareAuthenticator) {
  const options = await client.postJson('/api/passkeys/authentication/options', {})
  // With no passkey on the account there are no options (409); the attacker answers anyway.
  const challenge =
    options.statusCode === 200
      ? (options.json() as { challenge: string; rpId: string })
      : { challenge: 'AAAA', rpId: 'localhost' }
  const answer = await client.send({
    method: 'POST',
    url: '/api/passkeys/authentication',
    headers: { mfadeviceprint: 'p1-attacker' },
    payload: { response: authenticator.assert(challenge) },
  })
  return { options: options.statusCode, outcome: (answer.json() as CwMfaResponse).statusCode }
}

async function staffClient(email: string): Promise<TestClient> {
  const password = await createStaff({ database: t.database, clock }, email, 'admin')
  const client = t.client()
  expect((await client.postJson('/api/console/sign-in', { email, password })).statusCode).toBe(200)
  const code = await t.client().latestCode(email)
  expect((await client.postJson('/api/console/verify', { code })).statusCode).toBe(200)
  return client
}

describe('P1: a support reset of the second factor', () => {
  it("removes the member's passkeys: the old one no longer passes, a new one made after re-enrolment does", async () => {
    const username = 'bclip_demo'
    const m = member(username)
    // Whoever held the account passed a code and added a passkey.
    const held = await decided(username)
    expect(held.decision.statusCode).toBe('CHALLENGE_LOGIN')
    expect(await passCode(held.client, username, 'sms', held.print)).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    const attackers = await addPasskey(held.client)

    // The member reports a lost phone; an admin resets the second factor.
    const admin = await staffClient('p1.admin@portal.example')
    const reset = await admin.postJson(`/api/console/members/${username}/reset-mfa`, {
      reason: 'Lost phone, identity checked',
    })
    expect(reset.statusCode).toBe(200)
    // The report names what went: the session and the passkey.
    expect(reset.json()).toEqual({ endedSessions: 1, removedPasskeys: ['Passkey'] })
    const shown = (await admin.get(`/api/console/members/${username}`)).json() as {
      passkeys: unknown[]
    }
    expect(shown.passkeys).toEqual([])

    // The member enrols again: the record's contacts, a code by text, then one by email.
    const enrol = await decided(username)
    expect(enrol.decision).toMatchObject({ statusCode: 'RE_ENROLL', mfaStatusCode: 'NEWUSER' })
    const contact = {
      typeOfEmailAddress: 'Personal',
      emailAddress: m.email,
      typeOfPhoneNumber: 'Personal',
      phoneNumber: m.dashed,
      geoCountryId: 'United States',
    }
    expect((await enrol.client.postJson('/api/mfa/updateUser', contact)).statusCode).toBe(200)
    expect((await passCode(enrol.client, username, 'sms', enrol.print)).statusCode).not.toBe(
      'AUTHENTICATION_FAILED',
    )
    const confirm = await decided(username)
    expect(confirm.decision).toMatchObject({ statusCode: 'RE_ENROLL', mfaStatusCode: 'UNVERIFIED' })
    expect((await passCode(confirm.client, username, 'email', confirm.print)).statusCode).not.toBe(
      'AUTHENTICATION_FAILED',
    )
    // The rightful member's new passkey, made in that sign-in after its code.
    const members = await addPasskey(confirm.client)

    // Whoever holds the old phone and the password: the old passkey is refused.
    const attacker = await decided(username)
    expect(attacker.decision.statusCode).toBe('CHALLENGE_LOGIN')
    expect(await usePasskey(attacker.client, attackers)).toMatchObject({
      outcome: 'AUTHENTICATION_FAILED',
    })
    // The member's own passkey passes the challenge and the sign-in is handed off.
    const rightful = await decided(username)
    expect(await usePasskey(rightful.client, members)).toEqual({
      options: 200,
      outcome: 'AUTHENTICATION_SUCCESS',
    })
    expect((await rightful.client.postJson('/api/portal/handoff')).statusCode).toBe(200)
  })

  it('portal-admin reset-mfa names the passkeys it removed', async () => {
    const username = 'cabar_demo'
    const held = await decided(username)
    expect(await passCode(held.client, username, 'email', held.print)).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    await addPasskey(held.client)
    const out: string[] = []
    const command = supportCommand('reset-mfa')
    const code = await command?.(
      {
        database: t.database,
        config: t.config,
        clock,
        operator: 'ops.tester',
        out: (line) => out.push(line),
        err: (line) => out.push(line),
      },
      [username, '--reason', 'Lost phone, identity checked'],
    )
    expect(code).toBe(0)
    expect(out.join('\n')).toContain('removed 1 passkey(s): Passkey')
    const rows = await t.database.db.execute(
      "select detail from audit_log where event = 'support.mfa_reset'",
    )
    expect(JSON.stringify(rows)).toContain('removedPasskeys')
  })
})

describe('P1: a password reset by recovery', () => {
  it('removes the passkeys when the temporary password is used; a new one after the next code works', async () => {
    const username = 'dtcria_demo'
    const m = member(username)
    const held = await decided(username)
    expect(await passCode(held.client, username, 'sms', held.print)).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    const attackers = await addPasskey(held.client)

    // A temporary password by email, used, and replaced by a password of the member's own.
    const asked = await t.client().postJson('/api/us-web-authentication/sendTempPassword', {
      emailAddress: m.email,
      deliveryMethod: 'email',
      appName: 'usweb',
    })
    expect(asked.json()).toMatchObject({ status: true })
    const sent = (await outbox()).find(
      (s) => s.recipient === m.email && s.template === 'temporary-password',
    )
    const temporary = /temporary password is:? (\S+?)\.?(\s|$)/.exec(sent?.body ?? '')?.[1] ?? ''
    const recovering = t.client()
    expect((await recovering.login(username, temporary, m.level1Org)).json()).toMatchObject({
      temporaryPassword: true,
    })
    const replacement = 'Harbor#Quill2026'
    const changed = await recovering.postForm('/api/us-web-authentication/updateTempPassword', {
      userName: username,
      password: replacement,
    })
    expect(changed.json()).toMatchObject({ temporaryPasswordFlagUpdated: true })

    // The review's sequence: the decision, then the passkey made before the reset.
    const attacker = await decided(username, replacement)
    expect(attacker.decision.statusCode).toBe('CHALLENGE_LOGIN')
    const status = (await attacker.client.get('/api/passkeys/status')).json()
    expect(status).toMatchObject({ hasPasskey: false })
    expect(await usePasskey(attacker.client, attackers)).toEqual({
      options: 409,
      outcome: 'AUTHENTICATION_FAILED',
    })

    // The rightful member: a code by text (the other channel), then a new passkey, which
    // passes the next challenge.
    const next = await decided(username, replacement)
    expect(await passCode(next.client, username, 'sms', next.print)).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    const members = await addPasskey(next.client)
    const later = await decided(username, replacement)
    expect(await usePasskey(later.client, members)).toEqual({
      options: 200,
      outcome: 'AUTHENTICATION_SUCCESS',
    })
  })
})

describe('P1: the passkey-added notice', () => {
  it('goes to both proven contacts, the mobile number as well as the email address', async () => {
    const username = 'dtcpnc_demo'
    const m = member(username)
    const held = await decided(username)
    expect(await passCode(held.client, username, 'email', held.print)).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    await addPasskey(held.client)
    const notices = (await outbox()).filter((s) => s.template === 'passkey-added-notice')
    expect(notices.map((n) => n.recipient)).toEqual(expect.arrayContaining([m.email, m.sms]))
  })
})
