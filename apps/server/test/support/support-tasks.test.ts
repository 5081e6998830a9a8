// Issue 31: the support desk's daily tasks, in the console and in portal-admin: disable and
// enable a member (a disabled member signs in as a locked account would, with its own audit
// event), search by email, phone or name, export the audit trail by user and date range, a
// staff password change; and one audit row with actor and reason for each operator change.
// The same tasks in portal-admin: portal-admin-tasks.pglite.test.ts.
import { describe, expect, it } from 'vitest'
import type { StaffRoleName } from '@portal/contract/console'
import {
  appForFile,
  type TestClient,
  demoPassword,
  auditTrail,
  memberOnRecord,
  newStaff,
} from '../harness.ts'

const t = appForFile()

const api = '/api/console'

// A staff member who has already chosen their own password (audit-gaps.test.ts has the
// first sign-in of a new account, which must choose one first).
const createStaff = (email: string, role: StaffRoleName) =>
  newStaff(t, email, role, { mustChangePassword: false })

/** The newest code emailed to a staff address (the demo outbox viewer). */
const codeSentTo = (email: string) => t.client().latestCode(email)

async function signInStaff(email: string, password: string): Promise<TestClient> {
  const client = t.client()
  expect((await client.postJson(`${api}/sign-in`, { email, password })).statusCode).toBe(200)
  const verified = await client.postJson(`${api}/verify`, { code: await codeSentTo(email) })
  expect(verified.statusCode).toBe(200)
  return client
}

const staffClient = async (email: string, role: StaffRoleName) =>
  signInStaff(email, await createStaff(email, role))

async function lastAudit(event: string) {
  return (await auditTrail(t)).findLast((row) => row.event === event)
}

describe('in the console', () => {
  it('an admin disables a member, who is then answered as a locked account, and enables them again', async () => {
    const admin = await staffClient('disabler@portal.example', 'admin')
    const reason = 'fraud report ticket 4471'
    const disabled = await admin.postJson(`${api}/members/bclip_demo/disable`, { reason })
    expect(disabled.statusCode).toBe(200)
    expect(await lastAudit('support.member_disabled')).toMatchObject({
      username: 'bclip_demo',
      actor: 'staff:disabler@portal.example',
      reason,
    })
    const member = t.client()
    const refused = await member.login('bclip_demo', demoPassword)
    expect(refused.json()).toMatchObject({ message: 'User Locked' })
    expect(await lastAudit('login.disabled')).toMatchObject({ username: 'bclip_demo' })
    expect((await admin.postJson(`${api}/members/bclip_demo/disable`, { reason })).statusCode).toBe(
      409,
    )
    const enabled = await admin.postJson(`${api}/members/bclip_demo/enable`, {
      reason: 'cleared by fraud team',
    })
    expect(enabled.statusCode).toBe(200)
    expect(await lastAudit('support.member_enabled')).toMatchObject({
      actor: 'staff:disabler@portal.example',
      reason: 'cleared by fraud team',
    })
    expect((await t.client().login('bclip_demo', demoPassword)).json()).toMatchObject({
      message: 'Authentication Successful',
    })
  })

  it('an agent may search but not disable', async () => {
    const agent = await staffClient('agent-tasks@portal.example', 'agent')
    const answer = await agent.postJson(`${api}/members/bclip_demo/disable`, {
      reason: 'not allowed to',
    })
    expect(answer.statusCode).toBe(403)
    expect((await agent.postJson(`${api}/search`, { q: 'bclip_demo' })).statusCode).toBe(200)
  })

  it('finds members by email, phone or name', async () => {
    const agent = await staffClient('searcher@portal.example', 'agent')
    const member = await memberOnRecord(t, 'bclip_demo')
    const queries = [
      member?.email?.toUpperCase() ?? '',
      `(${member?.phone?.slice(0, 3)}) ${member?.phone?.slice(3, 6)}-${member?.phone?.slice(6)}`,
      (member?.name ?? '').slice(0, 6).toLowerCase(),
    ]
    for (const q of queries) {
      const found = await agent.postJson(`${api}/search`, { q })
      expect(found.statusCode, q).toBe(200)
      const names = (found.json() as { members: { username: string }[] }).members.map(
        (m) => m.username,
      )
      expect(names, q).toContain('bclip_demo')
    }
    expect(await lastAudit('support.members_searched')).toMatchObject({
      actor: 'staff:searcher@portal.example',
    })
  })

  it('exports the audit trail of one member and a date range as CSV or JSON lines', async () => {
    const admin = await staffClient('exporter@portal.example', 'admin')
    await t.client().login('fidbond_demo', 'wrong-password')
    const today = t.app.clock.now().toISOString().slice(0, 10)
    const csv = await admin.get(`${api}/audit-export?from=${today}&to=${today}&user=fidbond_demo`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toContain('attachment')
    const [header, ...rows] = csv.body.trim().split('\n')
    expect(header).toBe('id,at,event,userId,username,actor,reason,clientIp,requestId,detail')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row.includes(',fidbond_demo,'))).toBe(true)
    const json = await admin.get(
      `${api}/audit-export?from=${today}&to=${today}&user=fidbond_demo&format=json`,
    )
    const events = json.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; username: string })
    expect(events.map((e) => e.event)).toContain('login.failed')
    expect(events.every((e) => e.username === 'fidbond_demo')).toBe(true)
    expect((await admin.get(`${api}/audit-export?from=2999-01-01&to=2999-01-02`)).body.trim()).toBe(
      'id,at,event,userId,username,actor,reason,clientIp,requestId,detail',
    )
    expect(await lastAudit('support.audit_exported')).toMatchObject({
      actor: 'staff:exporter@portal.example',
    })
  })

  it('lets a staff member change their own password, with the current one', async () => {
    const email = 'changer@portal.example'
    const temporary = await createStaff(email, 'agent')
    const staff = await signInStaff(email, temporary)
    const next = 'a-much-longer-staff-passphrase-2026'
    const wrong = await staff.postJson(`${api}/password`, {
      currentPassword: 'not-the-password',
      newPassword: next,
    })
    expect(wrong.statusCode).toBe(403)
    const short = await staff.postJson(`${api}/password`, {
      currentPassword: temporary,
      newPassword: 'short',
    })
    expect(short.statusCode).toBe(400)
    const changed = await staff.postJson(`${api}/password`, {
      currentPassword: temporary,
      newPassword: next,
    })
    expect(changed.statusCode).toBe(200)
    expect(await lastAudit('staff.password_changed')).toMatchObject({
      username: email,
      actor: `staff:${email}`,
    })
    // The old password is refused; the new one signs in.
    const old = await t.client().postJson(`${api}/sign-in`, { email, password: temporary })
    expect(old.statusCode).toBe(401)
    await signInStaff(email, next)
  })
})
