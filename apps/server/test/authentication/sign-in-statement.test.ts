// The one statement that starts a sign-in (issue 32, S1; issue 40): the failed-count reset,
// the audit row and the session written together, and nothing for an account locked, disabled
// or given another password since it was read. Its subject is the store's statement itself, so
// it reads and writes the tables (an excepted file of the apps/server/test lint zone); the
// sign-in's answers through the API are in login.test.ts.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { storeOf } from '../../src/store/index.ts'
import { auditLog, sessions, users } from '../../src/store/schema.ts'
import { appForFile, manualClock } from '../harness.ts'

const clock = manualClock()
const t = appForFile({ clock })

async function userRow(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username))
  if (!row) throw new Error(`no user ${username}`)
  return row
}

describe('the sign-in statement', () => {
  it('writes the failed-count reset and the sign-in row together, neither for an account locked since it was read', async () => {
    const { id, passwordHash } = await userRow('dtcpnc_demo')
    const { audit, sessions: signIns } = storeOf(t.database.db, { clock })
    const signInRows = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, id), eq(auditLog.event, 'login.succeeded')))
    const set = (values: { failedAttempts: number; isLocked: boolean }) =>
      t.database.db.update(users).set(values).where(eq(users.id, id))
    const entry = {
      event: 'login.succeeded' as const,
      userId: id,
      username: 'dtcpnc_demo',
      clientIp: '203.0.113.9',
      detail: { verdict: 'allowed' },
    }
    const before = (await signInRows()).length
    await set({ failedAttempts: 2, isLocked: false })
    expect(await signIns.startSignIn(audit.rowOf(entry), passwordHash)).toBe(true)
    expect((await userRow('dtcpnc_demo')).failedAttempts).toBe(0)
    const rows = await signInRows()
    expect(rows).toHaveLength(before + 1)
    expect(rows.at(-1)).toMatchObject({ ...entry, at: clock.now(), actor: null, reason: null })

    await set({ failedAttempts: 2, isLocked: true })
    expect(await signIns.startSignIn(audit.rowOf(entry), passwordHash)).toBe(false)
    expect(await userRow('dtcpnc_demo')).toMatchObject({ failedAttempts: 2, isLocked: true })
    expect(await signInRows()).toHaveLength(before + 1)
    await set({ failedAttempts: 0, isLocked: false })
  })

  it('writes the new session in the same statement, and no session for an account locked, disabled or with another password since it was read', async () => {
    const { id, passwordHash } = await userRow('dtcpnc_demo')
    const { audit, sessions: signIns } = storeOf(t.database.db, { clock })
    const entry = { event: 'login.succeeded' as const, userId: id, username: 'dtcpnc_demo' }
    const now = clock.now()
    const sessionRow = (idHash: string) => ({
      idHash,
      userId: id,
      program: 'dtcpnc',
      stage: 'program_pending',
      data: { level1Org: '100', nested: { isKept: true } },
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 15 * 60_000),
    })
    const sessionOf = async (idHash: string) => {
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.idHash, idHash))
      return row
    }
    const set = (values: { failedAttempts: number; isLocked: boolean; isDisabled?: boolean }) =>
      t.database.db.update(users).set(values).where(eq(users.id, id))
    const start = (idHash: string, verifiedAgainst = passwordHash) =>
      signIns.startSignIn(audit.rowOf(entry), verifiedAgainst, sessionRow(idHash))

    await set({ failedAttempts: 2, isLocked: true })
    expect(await start('locked-since-read')).toBe(false)
    expect(await sessionOf('locked-since-read')).toBeUndefined()
    expect(await userRow('dtcpnc_demo')).toMatchObject({ failedAttempts: 2, isLocked: true })

    // Issue 40, S1: a disable, or a new password, since the read starts nothing either.
    await set({ failedAttempts: 2, isLocked: false, isDisabled: true })
    expect(await start('disabled-since-read')).toBe(false)
    expect(await sessionOf('disabled-since-read')).toBeUndefined()
    await set({ failedAttempts: 2, isLocked: false, isDisabled: false })
    expect(await start('password-changed-since-read', 'the hash before a change')).toBe(false)
    expect(await sessionOf('password-changed-since-read')).toBeUndefined()
    expect(await userRow('dtcpnc_demo')).toMatchObject({ failedAttempts: 2 })

    expect(await start('started')).toBe(true)
    // Every column as the session plugin's own insert writes it (jsonb as JSON, times exact).
    expect(await sessionOf('started')).toEqual(sessionRow('started'))
    expect((await userRow('dtcpnc_demo')).failedAttempts).toBe(0)
    await t.database.db.delete(sessions).where(eq(sessions.idHash, 'started'))
  })
})
