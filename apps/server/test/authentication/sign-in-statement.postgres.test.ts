// The sign-in statement against a lock, disable or password change landing while it runs
// (issue 45): the statement no longer rewrites the user's row when its failed count is 0
// already, so only its row lock (FOR NO KEY UPDATE) orders it with such a change. Two
// connections of PostgreSQL, since PGlite runs one statement at a time and cannot interleave
// them. Nothing waits on the clock: each test waits until PostgreSQL reports the other
// connection blocked on the lock. sign-in-statement.test.ts holds the cases one after another.
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { storeOf } from '../../src/store/index.ts'
import { auditLog, sessions, users } from '../../src/store/schema.ts'
import { appForFile, manualClock } from '../harness.ts'

const clock = manualClock()
const t = appForFile({ clock })
const username = 'dtcpnc_demo'

async function userRow() {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username))
  if (!row) throw new Error(`no user ${username}`)
  return row
}

const sessionOf = async (idHash: string) => {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.idHash, idHash))
  return row
}

/**
 * Resolves once some connection of this database waits for a lock. Rejects when `other`
 * settles first: the statement that should have waited did not.
 */
async function untilBlocked(other: Promise<unknown>, what: string) {
  let settled = false
  const watched = other.then(
    () => (settled = true),
    () => (settled = true),
  )
  for (;;) {
    const [row] = await t.database.db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`)
    if ((row?.waiting ?? 0) > 0) return
    await Promise.race([watched, new Promise((resolve) => setImmediate(resolve))])
    if (settled) throw new Error(`${what} did not wait for the row lock`)
  }
}

/** The row the password step starts a session with (plugins/session.ts `start`). */
function newSession(idHash: string, userId: number, now: Date) {
  const expiresAt = new Date(now.getTime() + 15 * 60_000)
  const times = { createdAt: now, lastSeenAt: now, expiresAt }
  return { idHash, userId, program: 'dtcpnc', stage: 'program_pending', data: {}, ...times }
}
describe('the sign-in statement and a change to the account at the same time', () => {
  const changes = {
    lock: { isLocked: true },
    disable: { isDisabled: true },
    'password change': { passwordHash: 'the hash of another password' },
  }

  for (const [name, change] of Object.entries(changes)) {
    it(`waits for a ${name} in progress and then starts nothing`, async () => {
      const user = await userRow()
      const store = storeOf(t.database.db, { clock })
      const idHash = `during-${name.replace(' ', '-')}`
      const now = clock.now()
      const signInRows = async () =>
        (
          await t.database.db
            .select({ id: auditLog.id })
            .from(auditLog)
            .where(and(eq(auditLog.userId, user.id), eq(auditLog.event, 'login.succeeded')))
        ).length
      const before = await signInRows()
      let signIn: Promise<boolean> | undefined
      try {
        await t.database.db.transaction(async (tx) => {
          await tx.update(users).set(change).where(eq(users.id, user.id))
          // The password was verified against the hash read before the change.
          signIn = store.sessions.startSignIn(
            store.audit.rowOf({ event: 'login.succeeded', userId: user.id, username }),
            user.passwordHash,
            newSession(idHash, user.id, now),
          )
          await untilBlocked(signIn, 'the sign-in')
        })
        expect(await signIn).toBe(false)
        expect(await sessionOf(idHash)).toBeUndefined()
        expect(await signInRows()).toBe(before)
      } finally {
        await signIn?.catch(() => undefined)
        await t.database.db
          .update(users)
          .set({
            isLocked: user.isLocked,
            isDisabled: user.isDisabled,
            passwordHash: user.passwordHash,
            failedAttempts: user.failedAttempts,
          })
          .where(eq(users.id, user.id))
      }
    })
  }

  it('makes a disable that comes after it wait for its commit, which then ends the new session', async () => {
    const user = await userRow()
    expect(user.failedAttempts).toBe(0) // the case where the statement rewrites no row
    const store = storeOf(t.database.db, { clock })
    const now = clock.now()
    let disable: Promise<number> | undefined
    try {
      await store.transaction(async (tx) => {
        const started = await tx.sessions.startSignIn(
          tx.audit.rowOf({ event: 'login.succeeded', userId: user.id, username }),
          user.passwordHash,
          newSession('before-disable', user.id, now),
        )
        expect(started).toBe(true)
        // As the support desk's disable does (member-admin.service.ts): the flag, then every
        // session of the member ended, in one transaction.
        disable = store.transaction(async (other) => {
          await other.memberAdmin.setDisabled(user.id, true)
          return other.sessions.removeAllOf(user.id)
        })
        await untilBlocked(disable, 'the disable')
      })
      expect(await disable).toBeGreaterThanOrEqual(1)
      expect(await sessionOf('before-disable')).toBeUndefined()
    } finally {
      await disable?.catch(() => undefined)
      await t.database.db
        .update(users)
        .set({ isDisabled: user.isDisabled })
        .where(eq(users.id, user.id))
    }
  })
})
