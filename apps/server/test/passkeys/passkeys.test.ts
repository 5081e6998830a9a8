// Issue 23: passkeys as the second factor, from the attacker's side. Each test is the script
// an attacker would run against the calls, with a software authenticator (src/testing) that
// answers as a real one does, bent where the attack bends it.
import { describe, expect, it } from 'vitest'
import type { CwMfaResponse } from '@portal/contract'
import { supportCommand } from '../../src/cli/support-commands.ts'
import {
  appForFile,
  SoftwareAuthenticator,
  createStaff,
  demoPassword,
  manualClock,
  type CeremonyTweaks,
  type TestClient,
} from '../harness.ts'

const origin = 'http://localhost:8080'
const clock = manualClock()
const t = appForFile({ clock })

let devices = 0
const newDevice = () => `passkey-device-${++devices}`

/** Password and emailed code on a new device: a factor passed in this sign-in. */
async function signedInWithCode(username: string): Promise<TestClient> {
  const client = t.client()
  await client.login(username, demoPassword)
  expect(await client.passSecondFactor(newDevice())).toMatchObject({
    statusCode: 'AUTHENTICATION_SUCCESS',
  })
  return client
}

/** A passkey made in a sign-in that passed a code; the authenticator keeps the key. */
async function enrol(username: string): Promise<SoftwareAuthenticator> {
  const client = await signedInWithCode(username)
  const authenticator = new SoftwareAuthenticator(origin)
  const options = (await client.postJson('/api/passkeys/registration/options', {})).json()
  const saved = await client.postJson('/api/passkeys/registration', {
    response: authenticator.register(options),
  })
  expect(saved.statusCode).toBe(200)
  return authenticator
}

/** Password only on a new device: the code (or a passkey) is owed. */
async function challenged(username: string, print = newDevice()): Promise<TestClient> {
  const client = t.client()
  await client.login(username, demoPassword)
  await client.checkProgram()
  const decision = (await client.mfaDecision(print)).json() as CwMfaResponse
  expect(decision.statusCode).toBe('CHALLENGE_LOGIN')
  return client
}

async function assertionOptions(client: TestClient) {
  const response = await client.postJson('/api/passkeys/authentication/options', {})
  expect(response.statusCode).toBe(200)
  return response.json() as { challenge: string; rpId: string }
}

async function useAssertion(client: TestClient, assertion: unknown, print = 'x') {
  return client.send({
    method: 'POST',
    url: '/api/passkeys/authentication',
    headers: { mfadeviceprint: print },
    payload: { response: assertion },
  })
}

async function tryPasskey(
  client: TestClient,
  authenticator: SoftwareAuthenticator,
  tweaks: CeremonyTweaks = {},
) {
  const options = await assertionOptions(client)
  return useAssertion(client, authenticator.assert(options, tweaks))
}

describe('creating a passkey', () => {
  it('is refused with the password alone: no code passed in this sign-in', async () => {
    const client = await challenged('bclip_demo')
    const options = await client.postJson('/api/passkeys/registration/options', {})
    expect(options.statusCode).toBe(401)
    // Nor after a known device let the sign-in through without a code.
    const known = t.client()
    await known.login('bclip_demo', demoPassword)
    await known.passSecondFactor('known-device')
    const again = t.client().carryDeviceFrom(known)
    await again.login('bclip_demo', demoPassword)
    expect(await again.passSecondFactor('known-device')).toMatchObject({
      statusCode: 'ALLOW_LOGIN',
    })
    expect((await again.postJson('/api/passkeys/registration/options', {})).statusCode).toBe(403)
    const forged = new SoftwareAuthenticator(origin).register({
      challenge: 'AAAA',
      rp: { id: 'localhost' },
      user: { id: 'AAAA' },
    })
    expect(
      (await again.postJson('/api/passkeys/registration', { response: forged })).statusCode,
    ).toBe(403)
  })

  it('saves the public key only, tells the owner, and lists name, created and last used', async () => {
    const client = await signedInWithCode('dtcria_demo')
    const authenticator = new SoftwareAuthenticator(origin)
    const options = (await client.postJson('/api/passkeys/registration/options', {})).json()
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { userVerification: 'required' },
    })
    const saved = await client.send({
      method: 'POST',
      url: '/api/passkeys/registration',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' },
      payload: { response: authenticator.register(options) },
    })
    expect(saved.json()).toMatchObject({ name: 'Passkey on Linux', lastUsedAt: null })
    const listed = (await client.get('/api/passkeys')).json() as { passkeys: object[] }
    expect(listed.passkeys).toHaveLength(1)
    expect(JSON.stringify(listed)).not.toMatch(/publicKey|credentialId/)
    const sent = (await client.get('/dev/outbox.json')).json() as { template: string }[]
    expect(sent.some((m) => m.template === 'passkey-added-notice')).toBe(true)
  })

  it('refuses a stale registration challenge, a replayed one and another origin', async () => {
    const client = await signedInWithCode('dtcpnc_demo')
    const authenticator = new SoftwareAuthenticator(origin)
    const options = (await client.postJson('/api/passkeys/registration/options', {})).json()
    const wrongOrigin = authenticator.register(options, { origin: 'https://portal-login.example' })
    expect(
      (await client.postJson('/api/passkeys/registration', { response: wrongOrigin })).statusCode,
    ).toBe(400)
    // The challenge was spent by the refused try: the right answer to it is refused too.
    const late = authenticator.register(options)
    expect(
      (await client.postJson('/api/passkeys/registration', { response: late })).statusCode,
    ).toBe(400)
    const fresh = (await client.postJson('/api/passkeys/registration/options', {})).json()
    clock.advance(5 * 60_000 + 1000)
    try {
      const stale = authenticator.register(fresh)
      expect(
        (await client.postJson('/api/passkeys/registration', { response: stale })).statusCode,
      ).toBe(400)
    } finally {
      clock.advance(-(5 * 60_000 + 1000))
    }
    expect((await client.get('/api/passkeys')).json()).toEqual({ passkeys: [] })
  })
})

describe('a passkey as the second factor', () => {
  it('counts as a passed code: the session rotates and may be handed off', async () => {
    const authenticator = await enrol('equipmentrenew_demo')
    const client = await challenged('equipmentrenew_demo')
    expect((await client.get('/api/passkeys/status')).json()).toEqual({ hasPasskey: true })
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(401)
    const before = client.cookies.get('portal_session') ?? [...client.cookies.values()].join()
    const passed = await tryPasskey(client, authenticator)
    expect(passed.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
    const after = client.cookies.get('portal_session') ?? [...client.cookies.values()].join()
    expect(after).not.toBe(before)
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(200)
  })

  it('refuses a replayed assertion', async () => {
    const authenticator = await enrol('augustar_demo')
    const victim = await challenged('augustar_demo')
    const options = await assertionOptions(victim)
    const assertion = authenticator.assert(options)
    expect((await useAssertion(victim, assertion)).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    // The attacker captured it: replayed in another sign-in (with a challenge of its own)...
    const attacker = await challenged('augustar_demo')
    await assertionOptions(attacker)
    expect((await useAssertion(attacker, assertion)).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_FAILED',
    })
    // ...or in the same one: the session moved on, the challenge is spent.
    expect((await useAssertion(victim, assertion)).statusCode).toBe(401)
    expect((await attacker.postJson('/api/portal/handoff')).statusCode).toBe(401)
  })

  it('passes one of the same assertion sent twice at once, never both', async () => {
    const authenticator = await enrol('dtcmyaccount_demo')
    const victim = await challenged('dtcmyaccount_demo')
    const assertion = authenticator.assert(await assertionOptions(victim))
    const answers = await Promise.all([
      useAssertion(victim, assertion),
      useAssertion(victim, assertion),
    ])
    const passed = answers.filter(
      (answer) =>
        answer.statusCode === 200 && answer.json().statusCode === 'AUTHENTICATION_SUCCESS',
    )
    expect(passed).toHaveLength(1)
  })

  it("refuses an assertion made with another user's credential", async () => {
    const mine = await enrol('dtcmyaccount_demo')
    const attacker = await challenged('dtclifeagents_demo')
    // dtclifeagents has no passkey: no options; made up ones get nowhere either.
    expect((await attacker.postJson('/api/passkeys/authentication/options', {})).statusCode).toBe(
      409,
    )
    const forged = mine.assert({ challenge: 'AAAA', rpId: 'localhost' })
    expect((await useAssertion(attacker, forged)).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_FAILED',
    })
    // An account that has a passkey of its own: another's credential is still refused.
    const other = await enrol('bclip_demo')
    const victim = await challenged('bclip_demo')
    const options = await assertionOptions(victim)
    expect((await useAssertion(victim, mine.assert(options))).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_FAILED',
    })
    expect((await tryPasskey(victim, other)).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
  })

  it('refuses a wrong origin, a wrong RP id, a stale challenge, no user verification', async () => {
    const authenticator = await enrol('bclip_demo')
    const client = await challenged('bclip_demo')
    const failed = { statusCode: 'AUTHENTICATION_FAILED' }
    expect(
      (await tryPasskey(client, authenticator, { origin: 'https://phish.example' })).json(),
    ).toMatchObject(failed)
    expect(
      (await tryPasskey(client, authenticator, { rpId: 'phish.example' })).json(),
    ).toMatchObject(failed)
    expect((await tryPasskey(client, authenticator, { isUnverified: true })).json()).toMatchObject(
      failed,
    )
    const options = await assertionOptions(client)
    clock.advance(5 * 60_000 + 1000)
    try {
      expect((await useAssertion(client, authenticator.assert(options))).json()).toMatchObject(
        failed,
      )
    } finally {
      clock.advance(-(5 * 60_000 + 1000))
    }
    // No challenge asked for at all.
    expect(
      (
        await useAssertion(client, authenticator.assert({ challenge: 'AAAA', rpId: 'localhost' }))
      ).json(),
    ).toMatchObject(failed)
    expect((await tryPasskey(client, authenticator)).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
  })

  it('refuses a sign counter going back (a cloned authenticator)', async () => {
    const authenticator = await enrol('dtcria_demo')
    const client = await challenged('dtcria_demo')
    expect((await tryPasskey(client, authenticator, { counter: 5 })).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    const clone = await challenged('dtcria_demo')
    expect((await tryPasskey(clone, authenticator, { counter: 5 })).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_FAILED',
    })
    expect((await tryPasskey(clone, authenticator, { counter: 3 })).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_FAILED',
    })
    expect((await tryPasskey(clone, authenticator, { counter: 6 })).json()).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
  })

  it('locks the account after six failed assertions, as six wrong codes do', async () => {
    const authenticator = await enrol('dtcpnc_demo')
    const client = await challenged('dtcpnc_demo')
    for (let i = 1; i <= 5; i++) {
      expect(
        (await tryPasskey(client, authenticator, { rpId: 'phish.example' })).json(),
      ).toMatchObject({ statusCode: 'AUTHENTICATION_FAILED' })
    }
    expect(
      (await tryPasskey(client, authenticator, { rpId: 'phish.example' })).json(),
    ).toMatchObject({ statusCode: 'LOCKOUT', nextScreen: 'support' })
    // Locked: the sign-in ended, and the password no longer opens one.
    expect((await client.get('/api/passkeys/status')).statusCode).toBe(401)
    const again = t.client()
    const login = await again.login('dtcpnc_demo', demoPassword)
    expect(login.body).toMatch(/Locked/i)
  })

  it('mixes with wrong codes in the same count', async () => {
    const authenticator = await enrol('equipmentrenew_demo')
    const client = await challenged('equipmentrenew_demo')
    await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    for (let i = 1; i <= 3; i++) {
      await client.postJson('/api/mfa/enterverificationcode', { verificationCode: '000000' })
    }
    for (let i = 1; i <= 2; i++) {
      await tryPasskey(client, authenticator, { origin: 'https://phish.example' })
    }
    expect(
      (await tryPasskey(client, authenticator, { origin: 'https://phish.example' })).json(),
    ).toMatchObject({ statusCode: 'LOCKOUT' })
  })
})

describe('removing a passkey', () => {
  it('needs a factor passed in this sign-in, tells the owner, and the passkey stops working', async () => {
    const authenticator = await enrol('augustar_demo')
    const signedIn = await signedInWithCode('augustar_demo')
    const { passkeys } = (await signedIn.get('/api/passkeys')).json() as {
      passkeys: { id: number }[]
    }
    const id = passkeys.at(-1)?.id ?? 0
    // A session on a known device (no factor in this sign-in) may not remove it.
    const known = t.client()
    await known.login('augustar_demo', demoPassword)
    await known.passSecondFactor('augustar-known')
    const later = t.client().carryDeviceFrom(known)
    await later.login('augustar_demo', demoPassword)
    await later.passSecondFactor('augustar-known')
    expect((await later.postJson('/api/passkeys/remove', { id })).statusCode).toBe(403)
    // Another member's passkey id: not found on this account.
    const stranger = await signedInWithCode('dtclifeagents_demo')
    expect((await stranger.postJson('/api/passkeys/remove', { id })).statusCode).toBe(404)
    const removed = await signedIn.postJson('/api/passkeys/remove', { id })
    expect(removed.statusCode).toBe(200)
    const sent = (await signedIn.get('/dev/outbox.json')).json() as { template: string }[]
    expect(sent.some((m) => m.template === 'passkey-removed-notice')).toBe(true)
    const client = await challenged('augustar_demo')
    const options = (await client.postJson('/api/passkeys/authentication/options', {})).json() as {
      challenge: string
      rpId: string
    }
    expect((await useAssertion(client, authenticator.assert({ ...options }))).json()).toMatchObject(
      { statusCode: 'AUTHENTICATION_FAILED' },
    )
  })
})

describe('support and passkeys', () => {
  /** A browser with a signed-in console session of `role`. */
  async function staffClient(email: string, role: 'agent' | 'admin'): Promise<TestClient> {
    const password = await createStaff({ database: t.database, clock }, email, role)
    const client = t.client()
    expect((await client.postJson('/api/console/sign-in', { email, password })).statusCode).toBe(
      200,
    )
    const code = await t.client().latestCode(email)
    expect((await client.postJson('/api/console/verify', { code })).statusCode).toBe(200)
    return client
  }

  it('are listed by portal-admin user show: name, created, last used, never the key', async () => {
    await enrol('dtcria_demo')
    const out: string[] = []
    const show = supportCommand('user')
    const code = await show?.(
      {
        database: t.database,
        config: t.config,
        clock,
        operator: 'ops.tester',
        out: (line) => out.push(line),
        err: (line) => out.push(line),
      },
      ['show', 'dtcria_demo'],
    )
    expect(code).toBe(0)
    const text = out.join('\n')
    expect(text).toMatch(/Passkeys:\n {2}#\d+ .+ {2}created \d{4}-.+ {2}last used never/)
    expect(text).not.toMatch(/publicKey|credentialId/i)
  })

  it('shows them, and only an admin removes one, with a reason that is audited', async () => {
    const authenticator = await enrol('dtclifeagents_demo')
    const admin = await staffClient('passkey.admin@portal.example', 'admin')
    const member = (await admin.get('/api/console/members/dtclifeagents_demo')).json() as {
      passkeys: { id: number; name: string }[]
    }
    expect(member.passkeys).toHaveLength(1)
    expect(JSON.stringify(member)).not.toMatch(/publicKey|credentialId/)
    const id = member.passkeys[0]?.id ?? 0
    const path = `/api/console/members/dtclifeagents_demo/passkeys/${id}/remove`
    const agent = await staffClient('passkey.agent@portal.example', 'agent')
    expect((await agent.postJson(path, { reason: 'caller lost the phone' })).statusCode).toBe(403)
    expect((await admin.postJson(path, { reason: '' })).statusCode).toBe(400)
    expect((await admin.postJson(path, { reason: 'caller lost the phone' })).statusCode).toBe(200)
    expect((await admin.postJson(path, { reason: 'caller lost the phone' })).statusCode).toBe(404)
    const timeline = (await admin.get('/api/console/members/dtclifeagents_demo')).json() as {
      passkeys: unknown[]
    }
    expect(timeline.passkeys).toEqual([])
    const rows = await t.database.db.execute(
      "select actor, reason from audit_log where event = 'passkey.removed'",
    )
    expect(JSON.stringify(rows)).toContain('staff:passkey.admin@portal.example')
    expect(JSON.stringify(rows)).toContain('caller lost the phone')
    // The removed passkey no longer stands in for the code.
    const client = await challenged('dtclifeagents_demo')
    expect((await client.postJson('/api/passkeys/authentication/options', {})).statusCode).toBe(409)
    expect(
      (
        await useAssertion(client, authenticator.assert({ challenge: 'AAAA', rpId: 'localhost' }))
      ).json(),
    ).toMatchObject({ statusCode: 'AUTHENTICATION_FAILED' })
  })
})
