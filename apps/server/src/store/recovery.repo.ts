import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import { users } from './schema.ts'
import type { UserRow } from './users.repo.ts'

// Lookups for account recovery, each on an indexed key, limited to the programs of one
// flavour. Two rows are enough to know there is more than one.
export function recoveryRepo(db: Db) {
  return {
    byEmail(email: string, programs: string[]): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(
          sql`lower(${users.email}) = ${email.trim().toLowerCase()} and ${inArray(users.program, programs)}`,
        )
        .limit(2)
    },
    byPhone(phoneDigits: string, programs: string[]): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(sql`${users.phone} = ${phoneDigits} and ${inArray(users.program, programs)}`)
        .limit(2)
    },
    byCustnum(custnum: string, programs: string[]): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(sql`${eq(users.custnum, custnum)} and ${inArray(users.program, programs)}`)
        .limit(2)
    },
    byUsername(username: string, programs: string[]): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(sql`${eq(users.username, username)} and ${inArray(users.program, programs)}`)
        .limit(2)
    },
  }
}
