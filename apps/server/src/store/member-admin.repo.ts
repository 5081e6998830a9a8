// The support desk's daily tasks (issue 31, modules/support/member-admin.service.ts): the
// queries behind disable/enable, the desk's one member search (username or customer number,
// email, phone or name), and the audit export's pages. The service decides; this reads and writes the tables.
import { and, asc, eq, gt, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from './db.ts'
import { auditLog, customers, users } from './schema.ts'
import { usernameIs } from './users.repo.ts'

export type AuditRow = typeof auditLog.$inferSelect

export interface MemberMatch {
  username: string
  custnum: string
  program: string
  name: string | null
  email: string | null
  phone: string | null
  isLocked: boolean
  isDisabled: boolean
}

/**
 * What a member search looks at: a username (its folded key) or a customer number, whole; a
 * whole email address; the last 10 digits of a phone number; or a part of a name.
 */
export type MemberSearch =
  | { kind: 'account'; usernameKey: string; custnum: string }
  | { kind: 'email'; email: string }
  | { kind: 'phone'; last10: string }
  | { kind: 'name'; text: string }

export interface AuditPageQuery {
  from: Date
  to: Date
  username?: string
  afterId: number
  limit: number
}

export function memberAdminRepo(db: Db) {
  return {
    async setDisabled(userId: number, isDisabled: boolean): Promise<void> {
      await db.update(users).set({ isDisabled }).where(eq(users.id, userId))
    },

    async search(search: MemberSearch, limit: number): Promise<MemberMatch[]> {
      let where: SQL | undefined
      if (search.kind === 'account') {
        where = or(usernameIs(search.usernameKey), eq(users.custnum, search.custnum))
      } else if (search.kind === 'email') {
        where = or(
          eq(sql`lower(${users.email})`, search.email),
          eq(sql`lower(${customers.emailAddr})`, search.email),
          eq(sql`lower(${customers.primaryEmailAddress})`, search.email),
        )
      } else if (search.kind === 'phone') {
        where = or(
          eq(users.phone, search.last10),
          eq(sql`regexp_replace(coalesce(${customers.phone1}, ''), '\\D', '', 'g')`, search.last10),
        )
      } else {
        const pattern = `%${search.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        where = or(
          ilike(customers.cname, pattern),
          ilike(customers.firstName, pattern),
          ilike(users.username, pattern),
        )
      }
      return (
        db
          .select({
            username: users.username,
            custnum: users.custnum,
            program: users.program,
            name: customers.cname,
            email: users.email,
            phone: users.phone,
            isLocked: users.isLocked,
            isDisabled: users.isDisabled,
          })
          .from(users)
          // A member whose customer record is gone is still found by username or number.
          .leftJoin(customers, eq(customers.custnum, users.custnum))
          .where(where)
          .orderBy(asc(users.username))
          .limit(limit)
      )
    },

    /** One page of audit rows in a date range (and of one username), by id. */
    async auditPage(query: AuditPageQuery): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditLog)
        .where(
          and(
            gte(auditLog.at, query.from),
            lt(auditLog.at, query.to),
            gt(auditLog.id, query.afterId),
            query.username === undefined ? undefined : eq(auditLog.username, query.username),
          ),
        )
        .orderBy(asc(auditLog.id))
        .limit(query.limit)
    },
  }
}
