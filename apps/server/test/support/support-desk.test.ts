// Issue 15: the support desk's operator commands, each with the audit row it writes.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { authMessages, type CwMfaResponse } from '@portal/contract'
import { supportCommand } from '../../src/cli/support-commands.ts'
import {
  appForFile,
  manualClock,
  type TestClient,
  demoPassword,
  accountOf,
  auditTrail,
  contactsOf,
  incidentByTicket,
  setAccountEmail,
  staffOf,
} from '../harness.ts'

const clock = manualClock()
const t = appForFile({ clock })

/** Runs a command in this process against the test's database; its output and exit code. */
async function run(command: string, ...args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const handler = supportCommand(command)
  if (!handler) throw new Error(`no command ${command}`)
  const code = await handler(
    {
      database: t.database,
      config: t.config,
      clock,
      operator: 'ops.tester',
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    },
    args,
  )
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** The newest audit row of an event. */
async function lastAudit(event: string) {
  return (await auditTrail(t)).findLast((row) => row.event === event)
}

async function userRow(username: string) {
  return accountOf(t, username)
}

let devices = 0
const device = () => ({ mfadeviceprint: `support-device-${++devices}` })

async function enter(client: TestClient, verificationCode: string, headers: object) {
  const response = await client.send({
    method: 'POST',
    url: '/api/mfa/enterverificationcode',
    headers: headers as Record<string, string>,
    payload: { verificationCode },
  })
  return response.json() as CwMfaResponse
}

/** A member locks the account with six wrong codes; the ticket the support screen shows. */
async function lockWithWrongCodes(username: string, level1Org = '100'): Promise<string> {
  const client = t.client()
  await client.login(username, demoPassword, level1Org)
  await client.checkProgram()
  const headers = device()
  await client.send({ method: 'GET', url: '/api/mfa/getMFAUser', headers })
  await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
  const code = await client.latestCode()
  const wrong = code === '000000' ? '111111' : '000000'
  let answer: CwMfaResponse | undefined
  for (let i = 0; i < 6; i++) answer = await enter(client, wrong, headers)
  expect(answer).toMatchObject({ statusCode: 'LOCKOUT', nextScreen: 'support' })
  return answer?.incidentID ?? ''
}

/** A member fully signed in (password and code): a live session. */
async function signedIn(username: string, level1Org = '100') {
  const client = t.client()
  await client.login(username, demoPassword, level1Org)
  await client.checkProgram()
  expect(await client.passSecondFactor(`support-device-${++devices}`)).toMatchObject({
    statusCode: 'AUTHENTICATION_SUCCESS',
  })
  // (Not handed off: the hand-off ends the portal session.)
  return client
}

describe('incident show and list', () => {
  it('shows the member, program, when, why and recent security events of a ticket', async () => {
    const ticket = await lockWithWrongCodes('bclip_demo')
    const shown = await run('incident', 'show', ticket)
    expect(shown.code).toBe(0)
    expect(shown.out).toContain(`Ticket:   ${ticket}`)
    expect(shown.out).toContain('Status:   open')
    expect(shown.out).toContain('Member:   bclip_demo')
    expect(shown.out).toContain('Program:  bclip')
    expect(shown.out).toContain('Why:      6 wrong verification codes')
    expect(shown.out).toMatch(/Opened: {3}\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/)
    expect(shown.out).toContain('mfa.locked')
    expect(shown.out).toContain('mfa.code_rejected')
    // Looking is audited too: who looked at which ticket.
    expect(await lastAudit('support.incident_viewed')).toMatchObject({
      actor: 'operator:ops.tester',
      username: 'bclip_demo',
      detail: { incidentID: ticket },
    })
    // Lower case works: people read tickets out over the phone.
    expect((await run('incident', 'show', ticket.toLowerCase())).code).toBe(0)
    const json = JSON.parse((await run('incident', 'show', ticket, '--json')).out)
    expect(json).toMatchObject({ incidentId: ticket, status: 'open', username: 'bclip_demo' })
  })

  it('lists incidents, the open ones only with --open', async () => {
    const ticket = await lockWithWrongCodes('fidbond_demo', '200')
    const open = await run('incident', 'list', '--open')
    expect(open.code).toBe(0)
    expect(open.out).toContain(ticket)
    expect(open.out).toContain('fidbond_demo')
    await run('incident', 'resolve', ticket, '--reason', 'Member called back, all fine')
    expect((await run('incident', 'list', '--open')).out).not.toContain(ticket)
    expect((await run('incident', 'list')).out).toMatch(
      new RegExp(`${ticket}  resolved by operator:ops.tester at `),
    )
    expect(await lastAudit('support.incident_resolved')).toMatchObject({
      actor: 'operator:ops.tester',
      reason: 'Member called back, all fine',
      detail: { incidentID: ticket, wasOpen: true },
    })
  })

  it('says clearly when a ticket does not exist, with exit code 3', async () => {
    expect(await run('incident', 'show', 'INC20260101999999')).toEqual({
      code: 3,
      out: '',
      err: 'No incident with that ticket number.',
    })
    expect((await run('incident', 'resolve', 'INC1', '--reason', 'whatever')).code).toBe(3)
    expect((await run('incident', 'show')).code).toBe(1)
    expect((await run('incident', 'resolve', 'INC1')).code).toBe(1)
  })
})

describe('user show', () => {
  it('shows status, lock, masked contacts, sign-ins and devices, by username or customer', async () => {
    await signedIn('cabar_demo', '168')
    const byName = await run('user', 'show', 'cabar_demo')
    expect(byName.code).toBe(0)
    expect(byName.out).toContain('Status:            active')
    expect(byName.out).toContain('Wrong passwords:   0\nWrong codes:       0')
    expect(byName.out).toMatch(/Email on file: {5}c\*+@example\.com/)
    expect(byName.out).toMatch(/Mobile on file: {4}\*\*\*-\*\*\*-\d{4}/)
    expect(byName.out).not.toContain('cabar.demo@example.com')
    expect(byName.out).toMatch(/Last sign-ins:\n {2}\d{4}-/)
    expect(byName.out).toMatch(/Trusted devices:\n {2}[\w-]{8} {2}verified /)
    expect(byName.out).toContain('Active sessions:   1')
    const { custnum } = await userRow('cabar_demo')
    const byCustomer = await run('user', 'show', '--customer', custnum.toLowerCase())
    expect(byCustomer.code).toBe(0)
    expect(byCustomer.out).toContain('Username:          cabar_demo')
    expect(await lastAudit('support.member_viewed')).toMatchObject({
      actor: 'operator:ops.tester',
      username: 'cabar_demo',
    })
  })

  it('says clearly when there is no such member (3) and when asked wrongly (1)', async () => {
    expect(await run('user', 'show', 'nobody_here')).toMatchObject({
      code: 3,
      err: 'No member with that username or customer number.',
    })
    expect((await run('user', 'show', '--customer', 'ZZ404')).code).toBe(3)
    expect((await run('user', 'show')).code).toBe(1)
    expect((await run('user', 'show', 'a', '--customer', 'b')).code).toBe(1)
    expect((await run('user', 'show', '--bogus')).code).toBe(1)
  })
})

describe('unlock', () => {
  it('unlocks with a reason, resolves the ticket, and the member confirms details next time', async () => {
    const ticket = await lockWithWrongCodes('equipmentrenew_demo')
    expect(await run('unlock', 'equipmentrenew_demo')).toMatchObject({ code: 1 })
    expect((await run('unlock', 'equipmentrenew_demo', '--reason', 'ok')).code).toBe(1)
    const done = await run('unlock', 'equipmentrenew_demo', '--reason', 'Caller verified by DOB')
    expect(done.code).toBe(0)
    expect(done.out).toContain(`Resolved ${ticket}.`)
    const user = await userRow('equipmentrenew_demo')
    expect(user).toMatchObject({ isLocked: false, failedAttempts: 0, mfaFailedAttempts: 0 })
    expect(await lastAudit('support.unlocked')).toMatchObject({
      userId: user.id,
      username: 'equipmentrenew_demo',
      actor: 'operator:ops.tester',
      reason: 'Caller verified by DOB',
      detail: { resolvedIncidents: [ticket] },
    })
    const incident = await incidentByTicket(t, ticket)
    expect(incident).toMatchObject({
      status: 'resolved',
      resolvedBy: 'operator:ops.tester',
      resolution: 'Caller verified by DOB',
      resolvedAt: clock.now(),
    })
    // Spec §4: RE_ENROLL + UNLOCKED.
    const client = t.client()
    expect((await client.login('equipmentrenew_demo', demoPassword)).json().message).not.toBe(
      authMessages.userLocked,
    )
    await client.checkProgram()
    const decision = await client.send({
      method: 'GET',
      url: '/api/mfa/getMFAUser',
      headers: device(),
    })
    expect(decision.json()).toMatchObject({ statusCode: 'RE_ENROLL', mfaStatusCode: 'UNLOCKED' })
  })

  it('refuses an account that is not locked (4) and an unknown one (3)', async () => {
    expect(await run('unlock', 'dtcria_demo', '--reason', 'Just in case')).toMatchObject({
      code: 4,
      err: 'The account is not locked.',
    })
    expect((await run('unlock', 'nobody_here', '--reason', 'Just in case')).code).toBe(3)
  })
})

describe('reset-mfa', () => {
  it('forgets the verification details and devices, ends sessions; enrol again next time', async () => {
    const member = await signedIn('dtcpnc_demo')
    const done = await run('reset-mfa', 'dtcpnc_demo', '--reason', 'Lost phone, verified by ID')
    expect(done.code).toBe(0)
    expect(done.out).toContain('ended 1 session(s)')
    const user = await userRow('dtcpnc_demo')
    expect(await contactsOf(t, 'dtcpnc_demo')).toBeUndefined()
    expect((await member.postJson('/api/portal/handoff')).statusCode).toBe(401)
    expect(await lastAudit('support.mfa_reset')).toMatchObject({
      userId: user.id,
      actor: 'operator:ops.tester',
      reason: 'Lost phone, verified by ID',
      detail: { endedSessions: 1 },
    })
    const again = t.client()
    await again.login('dtcpnc_demo', demoPassword)
    await again.checkProgram()
    const decision = await again.send({
      method: 'GET',
      url: '/api/mfa/getMFAUser',
      headers: device(),
    })
    expect(decision.json()).toMatchObject({ statusCode: 'RE_ENROLL', mfaStatusCode: 'NEWUSER' })
    expect((await run('reset-mfa', 'dtcpnc_demo')).code).toBe(1)
    expect((await run('reset-mfa', 'nobody_here', '--reason', 'Lost phone')).code).toBe(3)
  })
})

describe('revoke-sessions', () => {
  it('ends every session of the member, with or without a reason', async () => {
    const first = await signedIn('dtcria_demo')
    const second = await signedIn('dtcria_demo')
    const done = await run('revoke-sessions', 'dtcria_demo', '--reason', 'Shared computer')
    expect(done).toMatchObject({ code: 0, out: 'Ended 2 session(s) of dtcria_demo.' })
    for (const client of [first, second]) {
      expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(401)
    }
    expect(await lastAudit('support.sessions_revoked')).toMatchObject({
      username: 'dtcria_demo',
      actor: 'operator:ops.tester',
      reason: 'Shared computer',
      detail: { endedSessions: 2 },
    })
    expect((await run('revoke-sessions', 'dtcria_demo')).code).toBe(0)
    expect(await lastAudit('support.sessions_revoked')).toMatchObject({ reason: null })
    expect((await run('revoke-sessions', 'nobody_here')).code).toBe(3)
  })
})

describe('resend-username', () => {
  it('emails the username to the address on file, and says so masked', async () => {
    const done = await run('resend-username', 'dtcmyaccount_demo', '--reason', 'Member asked')
    expect(done.code).toBe(0)
    expect(done.out).toMatch(/^Sent the username of dtcmyaccount_demo to d\*+@example\.com\.$/)
    const sent = (await t.client().get('/dev/outbox.json')).json() as {
      recipient: string
      template: string
      body: string
    }[]
    expect(sent[0]).toMatchObject({
      recipient: 'dtcmyaccount.demo@example.com',
      template: 'username',
      body: expect.stringContaining('dtcmyaccount_demo'),
    })
    expect(await lastAudit('support.username_resent')).toMatchObject({
      username: 'dtcmyaccount_demo',
      actor: 'operator:ops.tester',
      reason: 'Member asked',
      detail: { method: 'email', sentTo: expect.stringMatching(/^d\*+@example\.com$/) },
    })
  })

  it('refuses when there is no email on file (4)', async () => {
    await setAccountEmail(t, ['dtclifeagents_demo'], null)
    expect(await run('resend-username', 'dtclifeagents_demo')).toMatchObject({
      code: 4,
      err: 'There is no email address on file.',
    })
  })
})

describe('staff', () => {
  it('creates staff with a role and a password shown once, lists and disables them', async () => {
    const created = await run('staff', 'create', 'Desk.Agent@Example.com', '--role', 'agent')
    expect(created.code).toBe(0)
    expect(created.out).toMatch(/Temporary password \(shown once\): [A-Z][a-z]{7}[2-9]{4}[!$&]$/)
    const row = await staffOf(t, 'desk.agent@example.com')
    expect(row).toMatchObject({ role: 'agent', isActive: true, createdBy: 'operator:ops.tester' })
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await lastAudit('staff.created')).toMatchObject({
      actor: 'operator:ops.tester',
      detail: { staff: 'desk.agent@example.com', role: 'agent' },
    })
    expect((await run('staff', 'create', 'desk.agent@example.com', '--role', 'admin')).code).toBe(4)
    expect((await run('staff', 'create', 'someone@example.com', '--role', 'boss')).code).toBe(1)
    expect((await run('staff', 'create', 'not-an-email', '--role', 'agent')).code).toBe(1)
    expect((await run('staff', 'list')).out).toContain('desk.agent@example.com  agent  active')
    expect((await run('staff', 'disable', 'desk.agent@example.com')).code).toBe(1)
    const disabled = await run('staff', 'disable', 'desk.agent@example.com', '--reason', 'Left')
    expect(disabled.code).toBe(1)
    expect(
      (await run('staff', 'disable', 'desk.agent@example.com', '--reason', 'Left the team')).code,
    ).toBe(0)
    expect(await lastAudit('staff.disabled')).toMatchObject({
      actor: 'operator:ops.tester',
      reason: 'Left the team',
      detail: { staff: 'desk.agent@example.com' },
    })
    expect((await run('staff', 'disable', 'ghost@example.com', '--reason', 'Left us')).code).toBe(3)
  })
})

describe('the command table', () => {
  it('knows only its own commands', () => {
    expect(supportCommand('toString')).toBeUndefined()
    expect(supportCommand('constructor')).toBeUndefined()
    expect(supportCommand(undefined)).toBeUndefined()
  })

  it('audits every change with the actor and the reason', async () => {
    const rows = (await auditTrail(t)).filter((r) => r.actor === 'operator:ops.tester')
    const changes = rows.filter((r) => !r.event.endsWith('_viewed'))
    expect(changes.length).toBeGreaterThan(5)
    for (const row of changes) expect(row.at).toBeInstanceOf(Date)
  })
})

describe('portal-admin as a script sees it', () => {
  it('exits 3 with a clear message for an unknown ticket', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-admin-support-'))
    try {
      const cli = new URL('../../src/cli/portal-admin.ts', import.meta.url).pathname
      const result = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', cli, 'incident', 'show', 'INC20260101000001'],
        { env: { ...process.env, DEMO_MODE: 'true', DATABASE_URL: '', DATA_DIR: join(dir, 'db') } },
      ).catch((error: { stderr: string; code: number }) => error)
      expect('code' in result ? result.code : 0).toBe(3)
      expect(result.stderr).toContain('No incident with that ticket number.')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
