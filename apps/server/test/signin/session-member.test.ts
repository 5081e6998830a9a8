// The member a session carries through every call is read without the password hashes: only
// the current-password check reads one, in its own statement. A member object passed around,
// logged by mistake or kept in an error then holds no hash to leak. It is read with the
// columns the member's calls use (sessionUserColumns), the same on each way it is read.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessionsRepo } from '../../src/store/sessions.repo.ts'
import { sessions } from '../../src/store/schema.ts'
import { sessionUserColumns, usersRepo } from '../../src/store/users.repo.ts'
import { appForFile, demoPassword } from '../harness.ts'

const t = appForFile()

const hashColumns = ['passwordHash', 'pendingPasswordHash']

describe("a session's member", () => {
  it('is read with the session columns of the user, never a password hash, on each way it is read', async () => {
    const client = t.client()
    await client.login('bclip_demo', demoPassword)
    const user = await usersRepo(t.database.db).findByUsername('bclip_demo')
    if (!user) throw new Error('no bclip_demo')
    const [row] = await t.database.db
      .select({ idHash: sessions.idHash })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
    if (!row) throw new Error('no session')

    const repo = sessionsRepo(t.database.db)
    const device = { devicePrintHash: '', since: new Date(0) }
    const reads = {
      withSession: (await repo.findWithMember(row.idHash))?.member.user,
      withSessionAndDevice: (await repo.findWithMember(row.idHash, device))?.member.user,
      byId: (await usersRepo(t.database.db).findMemberById(user.id))?.user,
    }
    const expected = Object.fromEntries(
      Object.keys(sessionUserColumns).map((column) => [column, user[column as keyof typeof user]]),
    )
    for (const [way, read] of Object.entries(reads)) {
      expect(read, way).toEqual(expected)
      for (const column of hashColumns) expect(Object.keys(read ?? {}), way).not.toContain(column)
    }
  })
})
