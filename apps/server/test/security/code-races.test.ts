// Issue 40, from the attacker's side (and the member's): the one-time code of the second
// factor. K1: the right code sent in parallel passes once and locks nothing, as the lock is
// decided on the count as it stands. C2: a code is bound to the sign-in that asked for it.
import { describe, expect, it } from 'vitest'
import { authMessages, programOf, type CwMfaResponse, type ProgramCode } from '@portal/contract'
import {
  accountOf,
  appForFile,
  type TestClient,
  demoPassword,
  findAccount,
  replaceCodeAsPreviousRelease,
} from '../harness.ts'

const t = appForFile()

const level1OrgOf = (username: string) =>
  programOf(username.replace(/_demo$/, '') as ProgramCode).level1Org

let devices = 0
/** A sign-in with the password on a device never seen before: asked for a code. */
async function challenged(username: string): Promise<TestClient> {
  const client = t.client()
  await client.login(username, demoPassword, level1OrgOf(username))
  await client.checkProgram()
  const decision = (await client.mfaDecision(`code-race-device-${++devices}`)).json()
  expect(decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
  return client
}

const enter = async (client: TestClient, verificationCode: string) =>
  (
    await client.postJson('/api/mfa/enterverificationcode', { verificationCode })
  ).json() as CwMfaResponse

const isLocked = async (username: string) => (await findAccount(t, username))?.isLocked

describe('K1: the right code, sent in parallel', () => {
  it('passes once and locks nothing: the member who passed is not locked out', async () => {
    const username = 'bclip_demo'
    const client = await challenged(username)
    await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    const code = await client.latestCode()
    const answers = await Promise.all(Array.from({ length: 10 }, () => enter(client, code)))
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 'AUTHENTICATION_SUCCESS')).toHaveLength(1)
    expect(statuses).not.toContain('LOCKOUT')
    expect(await isLocked(username)).toBe(false)
    // Each copy that lost the race gave its try back, whatever the interleaving.
    expect((await findAccount(t, username))?.mfaFailedAttempts).toBe(0)
    // The sign-in that passed goes on to the hand-off; the next sign-in is not 'User Locked'.
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(200)
    const next = await t.client().login(username, demoPassword, level1OrgOf(username))
    expect(next.json()).toMatchObject({ message: authMessages.success })
  })

  it('knows a used code for the right one: a newer code, even a previous release wrote it, is not', async () => {
    const { id } = await accountOf(t, 'augustar_demo')
    const { mfa, users } = t.store
    const now = t.clock.now()
    await mfa.replaceCode(id, 'first', 'email', now, 10)
    expect(await mfa.currentCode(id)).toMatchObject({ isUsed: false })
    expect(await mfa.useCode(id, 'first', now)).toBe(true)
    expect(await mfa.useCode(id, 'first', now)).toBe(false) // single use
    expect(await mfa.currentCode(id)).toMatchObject({ isUsed: true })
    // The previous release's new code overwrites the hash and created_at, not used_at.
    const later = new Date(now.getTime() + 1000)
    await replaceCodeAsPreviousRelease(t, 'augustar_demo', 'second', later)
    expect(await mfa.currentCode(id)).toMatchObject({ isUsed: false })
    expect(await mfa.useCode(id, 'second', later)).toBe(true)
    // A try given back never takes the count below nothing.
    await users.spendCodeAttempt(id, 6)
    expect(await users.refundCodeAttempt(id)).toEqual({ mfaFailedAttempts: 0 })
    expect(await users.refundCodeAttempt(id)).toEqual({ mfaFailedAttempts: 0 })
  })

  it("the member's used code, typed in another sign-in (the attacker's), still spends a try", async () => {
    const username = 'dtcria_demo'
    const member = await challenged(username)
    const attacker = await challenged(username)
    await member.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    const code = await member.latestCode()
    expect(await enter(member, code)).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
    expect(await enter(attacker, code)).toMatchObject({
      statusCode: 'AUTHENTICATION_FAILED',
      attemptsLeft: 5,
    })
  })

  it('still locks at the sixth wrong code when nothing passed meanwhile', async () => {
    const username = 'fidbond_demo'
    const client = await challenged(username)
    await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    const wrong = (await client.latestCode()) === '000000' ? '111111' : '000000'
    const answers = []
    for (let i = 0; i < 6; i++) answers.push((await enter(client, wrong)).statusCode)
    expect(answers).toEqual([...Array<string>(5).fill('AUTHENTICATION_FAILED'), 'LOCKOUT'])
    expect(await isLocked(username)).toBe(true)
  })
})

describe('C2: a code is bound to the sign-in that asked for it', () => {
  it("sign-in X's code does not pass sign-in Y of the same member; X passes with it", async () => {
    const username = 'cabar_demo'
    const x = await challenged(username)
    const y = await challenged(username)
    await x.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    const code = await x.latestCode()
    expect(await enter(y, code)).toMatchObject({ statusCode: 'AUTHENTICATION_FAILED' })
    expect((await y.postJson('/api/portal/handoff')).statusCode).toBe(401)
    // The sign-in that asked for it passes with it and is handed off.
    expect(await enter(x, code)).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
    expect((await x.postJson('/api/portal/handoff')).statusCode).toBe(200)
    expect((await y.postJson('/api/portal/handoff')).statusCode).toBe(401)
  })

  it('a sign-in that asked for no code passes with none; a newer code passes only the sign-in that asked', async () => {
    const username = 'dtcpnc_demo'
    const x = await challenged(username)
    const y = await challenged(username)
    await x.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    await x.postJson('/api/mfa/generateNewCode') // a second code in X: still X's
    const xCode = await x.latestCode()
    expect(await enter(y, xCode)).toMatchObject({ statusCode: 'AUTHENTICATION_FAILED' })
    // Y asks for its own: it replaces X's (one code per member), and passes Y only.
    await y.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    const yCode = await y.latestCode()
    expect(await enter(x, xCode)).toMatchObject({ statusCode: 'AUTHENTICATION_FAILED' })
    expect(await enter(x, yCode)).toMatchObject({ statusCode: 'AUTHENTICATION_FAILED' })
    expect(await enter(y, yCode)).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
  })
})
