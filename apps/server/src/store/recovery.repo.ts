import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { usernameKey } from '../lib/usernames.ts'
import type { Db } from './db.ts'
import { users } from './schema.ts'
import { usernameIs, type UserRow } from './users.repo.ts'

// Lookups for account recovery, each on an indexed key, limited to the programs of one
// flavour. Two rows are enough to know there is more than one.
export function recoveryRepo(db: Db) {
  const find = (where: SQL, programs: string[]): Promise<UserRow[]> =>
    db
      .select()
      .from(users)
      .where(and(where, inArray(users.program, programs)))
      .limit(2)
  return {
    byEmail: (email: string, programs: string[]) =>
      find(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, programs),
    byPhone: (phoneDigits: string, programs: string[]) =>
      find(eq(users.phone, phoneDigits), programs),
    byCustnum: (custnum: string, programs: string[]) => find(eq(users.custnum, custnum), programs),
    /** In any case (issue 32, row E1). */
    byUsername: (username: string, programs: string[]) =>
      find(usernameIs(usernameKey(username)), programs),
  }
}
