// The hand-off (spec §4, POST /api/portal/handoff) from the attacker's side, on both engines.
// Issue 45 made it one statement: the session's end carries the flow guard's checks as its
// conditions, reads the member and writes `handoff.issued` (sign-in.ts `endFlow`,
// flow-guard.ts `endingMember`). Every rule the read-then-end kept is held here: a call the
// rules refuse gets the answer it always got and ends nothing, and only a signed-in session
// whose program verdict is 'allowed' gets an address, once.
import { programOf, type ProgramCode } from '@portal/contract'
import { describe, expect, it } from 'vitest'
import {
  appForFile,
  auditTrail,
  demoPassword,
  disableAccount,
  latestAuditId,
  manualClock,
  sessionsOf,
  setFailedSignIns,
} from '../harness.ts'

const clock = manualClock()
// dtcria is put on OpenID Connect with no site registered (issue 44): its hand-off fails
// closed. Every other program keeps the spec's hand-off.
const t = appForFile({ clock, env: { PROGRAM_HANDOFF: 'dtcria=openid-connect' } })

const handoff = '/api/portal/handoff'
const doorOf = (program: ProgramCode) => programOf(program).level1Org

/** A browser at the password step of `program`'s demo member (its own login page). */
async function atPassword(program: ProgramCode) {
  const client = t.client()
  expect((await client.login(`${program}_demo`, demoPassword, doorOf(program))).statusCode).toBe(
    201,
  )
  return client
}

/** A browser whose sign-in may be handed off: password, program and second factor. */
async function signedIn(program: ProgramCode) {
  const client = await atPassword(program)
  expect(await client.passSecondFactor()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
  return client
}

const stagesOf = async (username: string) =>
  (await sessionsOf(t, username)).map((session) => session.stage)

const handoffRowsAfter = async (after: number) =>
  (await auditTrail(t, after)).filter((row) => row.event === 'handoff.issued')

describe('the hand-off of a signed-in session', () => {
  it('answers the address once, ends the session and writes handoff.issued with its columns', async () => {
    const member = await signedIn('bclip')
    const after = await latestAuditId(t)
    const answer = await member.postJson(handoff, { target: 'login' })
    expect(answer.statusCode).toBe(200)
    expect((answer.json() as { url: string }).url).toMatch(/#\/.*\?data=/)
    expect(await stagesOf('bclip_demo')).toEqual([])
    const rows = await handoffRowsAfter(after)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      username: 'bclip_demo',
      detail: { program: 'bclip' },
      actor: null,
      reason: null,
    })
    expect(rows[0]?.userId).toBe(
      (await auditTrail(t)).find((row) => row.event === 'login.succeeded')?.userId,
    )
    expect(rows[0]?.clientIp).toBeTruthy()
    expect(rows[0]?.requestId).toBeTruthy()
    // Ended: the same cookie now asks for a sign-in.
    expect((await member.postJson(handoff)).statusCode).toBe(401)
  })

  it('is issued to one of two requests sent at the same moment: one address, one row, no session', async () => {
    const member = await signedIn('dtclifeagents')
    const after = await latestAuditId(t)
    const answers = await Promise.all([
      member.postJson(handoff, { target: 'login' }),
      member.postJson(handoff, { target: 'landing' }),
    ])
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
    const refused = answers.find((answer) => answer.statusCode !== 200)
    expect([401, 409]).toContain(refused?.statusCode)
    expect(refused?.body).not.toMatch(/"url"/)
    expect(await handoffRowsAfter(after)).toHaveLength(1)
    expect(await stagesOf('dtclifeagents_demo')).toEqual([])
  })
})

describe('a session the rules refuse: the answer it always got, and nothing ended', () => {
  it('refuses every stage before the second factor is passed (401), then hands off once it is', async () => {
    const after = await latestAuditId(t)
    const member = await atPassword('fidbond')
    const refuse = async (stage: string) => {
      const answer = await member.postJson(handoff)
      expect(answer.statusCode, stage).toBe(401)
      expect(answer.json(), stage).toMatchObject({ messageKey: 'service.pleaseLogIn' })
      expect(await stagesOf('fidbond_demo'), stage).toEqual([stage])
    }
    await refuse('program_pending')
    expect((await member.checkProgram()).json()).toMatchObject({ verdict: 'allowed' })
    await refuse('mfa_pending')
    expect((await member.mfaDecision()).json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    await refuse('challenged')
    expect(await handoffRowsAfter(after)).toEqual([])
    // The refusals ended nothing: the same sign-in goes on and is handed off.
    expect(await member.passSecondFactor()).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    expect((await member.postJson(handoff)).statusCode).toBe(200)
    expect(await handoffRowsAfter(after)).toHaveLength(1)
  })

  it('refuses a sign-in the program rules blocked (403 refusedProgram), keeping it blocked', async () => {
    const after = await latestAuditId(t)
    const member = t.client()
    await member.login('dtcmyaccount_taxid', demoPassword, doorOf('dtcmyaccount'))
    expect((await member.checkProgram()).json()).toMatchObject({ verdict: 'mismatch' })
    for (const attempt of [1, 2]) {
      const answer = await member.postJson(handoff)
      expect(answer.statusCode, `attempt ${attempt}`).toBe(403)
      expect(answer.json()).toMatchObject({ messageKey: 'service.refusedProgram' })
    }
    expect(await stagesOf('dtcmyaccount_taxid')).toEqual(['blocked'])
    expect(await handoffRowsAfter(after)).toEqual([])
  })

  it('refuses a member locked or disabled since the sign-in (401), ending nothing itself', async () => {
    // Only the flags change here (no session ended), as a lock committed between the second
    // factor and the hand-off leaves them for an instant; a real lock ends the sessions too.
    const member = await signedIn('cabar')
    const after = await latestAuditId(t)
    await setFailedSignIns(t, 'cabar_demo', 5, { isLocked: true })
    expect((await member.postJson(handoff)).statusCode).toBe(401)
    expect(await stagesOf('cabar_demo')).toEqual(['authenticated'])
    await setFailedSignIns(t, 'cabar_demo', 0)
    await disableAccount(t, 'cabar_demo')
    expect((await member.postJson(handoff)).statusCode).toBe(401)
    expect(await stagesOf('cabar_demo')).toEqual(['authenticated'])
    expect(await handoffRowsAfter(after)).toEqual([])
    await disableAccount(t, 'cabar_demo', false)
    expect((await member.postJson(handoff)).statusCode).toBe(200)
  })

  it("answers for the cookie's own session only: another member's is neither handed off nor ended", async () => {
    const victim = await signedIn('augustar')
    const attacker = await atPassword('equipmentrenew')
    const after = await latestAuditId(t)
    // The attacker's own session, at the password step: refused.
    expect((await attacker.postJson(handoff)).statusCode).toBe(401)
    // The victim's session id with the attacker's anti-forgery token: refused before any read.
    const mixed = t.client()
    mixed.cookies.set('portal_sid', victim.cookies.get('portal_sid') ?? '')
    mixed.cookies.set('XSRF-TOKEN', attacker.cookies.get('XSRF-TOKEN') ?? '')
    const forged = await mixed.postJson(handoff)
    expect(forged.statusCode).toBe(403)
    expect(forged.json()).toMatchObject({ messageKey: 'service.pageExpired' })
    expect(await stagesOf('augustar_demo')).toEqual(['authenticated'])
    expect(await stagesOf('equipmentrenew_demo')).toEqual(['program_pending'])
    expect(await handoffRowsAfter(after)).toEqual([])
    // The victim's hand-off is theirs, and names them.
    expect((await victim.postJson(handoff)).statusCode).toBe(200)
    expect(await handoffRowsAfter(after)).toMatchObject([
      { username: 'augustar_demo', detail: { program: 'augustar' } },
    ])
  })

  it('removes an expired session and answers 401, writing no hand-off', async () => {
    const member = await signedIn('dtcpnc')
    const after = await latestAuditId(t)
    clock.advance((t.config.sessionAbsoluteMinutes + 1) * 60_000)
    expect((await member.postJson(handoff)).statusCode).toBe(401)
    expect(await stagesOf('dtcpnc_demo')).toEqual([])
    expect(await handoffRowsAfter(after)).toEqual([])
  })

  it('fails closed for a program on OpenID Connect without a site, keeping the session for a retry', async () => {
    const member = await signedIn('dtcria')
    const after = await latestAuditId(t)
    for (const attempt of [1, 2]) {
      const answer = await member.postJson(handoff, { target: 'login' })
      // SiteNotReady each time (not 401): the first refusal did not end the session.
      expect(answer.statusCode, `attempt ${attempt}`).toBeGreaterThanOrEqual(500)
      expect(answer.body).not.toContain(demoPassword)
      expect(answer.body).not.toMatch(/"url"/)
      expect(String(answer.headers['set-cookie'] ?? '')).not.toMatch(/portal_oidc_handover=[^;]/)
    }
    expect(await stagesOf('dtcria_demo')).toEqual(['authenticated'])
    expect(await handoffRowsAfter(after)).toEqual([])
  })
})
