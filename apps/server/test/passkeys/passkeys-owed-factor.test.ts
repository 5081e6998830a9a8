// Issue 43 (item 4): a passkey stands in wherever a second factor is owed on a new device, not
// only at a challenge. The common case: a member who proved only the email (the mobile was
// never proven), so every new device confirms the details first (RE_ENROLL / UNVERIFIED).
// Written from both sides: the member's passkey passes with no code sent, and what an
// attacker would try at that state is refused.
import { describe, expect, it } from 'vitest'
import type { CwMfaResponse } from '@portal/contract'
import {
  appForFile,
  SoftwareAuthenticator,
  demoPassword,
  manualClock,
  unprovePhone,
  type TestClient,
} from '../harness.ts'

const origin = 'http://localhost:8080'
const clock = manualClock()
const t = appForFile({ clock })

let devices = 0
const newDevice = () => `owed-device-${++devices}`

const outbox = async () =>
  (await t.client().get('/dev/outbox.json')).json() as { id: number; template: string }[]

/** Password and the decision on a new device, for a member whose mobile was never proven. */
async function confirming(username: string): Promise<{ client: TestClient; print: string }> {
  const client = t.client()
  await client.login(username, demoPassword)
  await client.checkProgram()
  const print = newDevice()
  const decision = (await client.mfaDecision(print)).json() as CwMfaResponse
  expect(decision).toMatchObject({ statusCode: 'RE_ENROLL', mfaStatusCode: 'UNVERIFIED' })
  return { client, print }
}

/** The code by email at the confirmation, then a passkey made in that sign-in. */
async function enrolAtConfirmation(username: string): Promise<SoftwareAuthenticator> {
  await unprovePhone(t, username)
  const { client, print } = await confirming(username)
  await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
  const passed = await client.send({
    method: 'POST',
    url: '/api/mfa/enterverificationcode',
    headers: client.mfaHeaders(print),
    payload: { verificationCode: await client.latestCode() },
  })
  expect(passed.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
  const authenticator = new SoftwareAuthenticator(origin)
  const options = (await client.postJson('/api/passkeys/registration/options', {})).json()
  const saved = await client.postJson('/api/passkeys/registration', {
    response: authenticator.register(options),
  })
  expect(saved.statusCode).toBe(200)
  return authenticator
}

async function assertionOptions(client: TestClient) {
  const response = await client.postJson('/api/passkeys/authentication/options', {})
  expect(response.statusCode).toBe(200)
  return response.json() as { challenge: string; rpId: string }
}

const useAssertion = (client: TestClient, assertion: unknown) =>
  client.send({
    method: 'POST',
    url: '/api/passkeys/authentication',
    headers: { mfadeviceprint: 'owed-attacker' },
    payload: { response: assertion },
  })

describe('a passkey where the details are confirmed (RE_ENROLL)', () => {
  it('passes the owed factor with no code sent; the mobile stays to be proven by a code', async () => {
    const authenticator = await enrolAtConfirmation('bclip_demo')
    const { client } = await confirming('bclip_demo')
    expect((await client.get('/api/passkeys/status')).json()).toEqual({ hasPasskey: true })
    const before = Math.max(0, ...(await outbox()).map((m) => m.id))
    const passed = await useAssertion(client, authenticator.assert(await assertionOptions(client)))
    expect(passed.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(200)
    const sent = (await outbox()).filter((m) => m.id > before)
    expect(sent.map((m) => m.template)).not.toContain('verification-code')
    // Nothing was proven about the mobile: the next new device confirms the details again.
    await confirming('bclip_demo')
  })

  it('is closed before the password, and before the decision says a factor is owed', async () => {
    const stranger = t.client()
    expect((await stranger.get('/api/passkeys/status')).statusCode).toBe(401)
    expect((await stranger.postJson('/api/passkeys/authentication/options', {})).statusCode).toBe(
      401,
    )
    const forged = new SoftwareAuthenticator(origin).assert({
      challenge: 'AAAA',
      rpId: 'localhost',
    })
    expect((await useAssertion(stranger, forged)).statusCode).toBe(401)
    // The password alone (usweb: the program not checked yet), then checked but not decided.
    const early = t.client()
    await early.login('dtcria_demo', demoPassword)
    expect((await early.postJson('/api/passkeys/authentication/options', {})).statusCode).toBe(401)
    expect((await useAssertion(early, forged)).statusCode).toBe(401)
    await early.checkProgram()
    expect((await early.postJson('/api/passkeys/authentication/options', {})).statusCode).toBe(401)
    expect((await useAssertion(early, forged)).statusCode).toBe(401)
    expect((await early.postJson('/api/portal/handoff')).statusCode).toBe(401)
  })

  it("refuses another user's credential and a replayed assertion", async () => {
    const victims = await enrolAtConfirmation('dtcpnc_demo')
    const others = await enrolAtConfirmation('augustar_demo')
    // The attacker holds dtcpnc's password and augustar's passkey.
    const attacker = await confirming('dtcpnc_demo')
    const wrongKey = others.assert(await assertionOptions(attacker.client))
    expect((await useAssertion(attacker.client, wrongKey)).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_FAILED',
    })
    expect((await attacker.client.postJson('/api/portal/handoff')).statusCode).toBe(401)
    // The member's own assertion passes once; captured and replayed, in a sign-in with a
    // challenge of its own and in the same one, it is refused.
    const member = await confirming('dtcpnc_demo')
    const assertion = victims.assert(await assertionOptions(member.client))
    expect((await useAssertion(member.client, assertion)).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    const replaying = await confirming('dtcpnc_demo')
    await assertionOptions(replaying.client)
    expect((await useAssertion(replaying.client, assertion)).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_FAILED',
    })
    expect((await replaying.client.postJson('/api/portal/handoff')).statusCode).toBe(401)
    expect((await useAssertion(member.client, assertion)).statusCode).toBe(401)
  })
})
