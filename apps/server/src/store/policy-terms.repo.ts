import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import { customers, policyTerms } from './schema.ts'

export type PolicyTermRow = typeof policyTerms.$inferSelect
export type NewPolicyTermRow = typeof policyTerms.$inferInsert

export function policyTermsRepo(db: Db) {
  return {
    /** The customer's term whose dates include `day` (YYYY-MM-DD); the latest-starting wins. */
    async currentTerm(custnum: string, day: string): Promise<PolicyTermRow | undefined> {
      const [row] = await db
        .select()
        .from(policyTerms)
        .where(
          and(
            eq(policyTerms.custnum, custnum),
            lte(policyTerms.termStart, day),
            gte(policyTerms.termEnd, day),
          ),
        )
        .orderBy(desc(policyTerms.termStart))
        .limit(1)
      return row
    },
    /** Which of these customer numbers have a customer record. */
    async knownCustomers(custnums: string[]): Promise<Set<string>> {
      if (custnums.length === 0) return new Set()
      const rows = await db
        .select({ custnum: customers.custnum })
        .from(customers)
        .where(inArray(customers.custnum, custnums))
      return new Set(rows.map((r) => r.custnum))
    },
    /** Inserts or updates by (policy number, term start): a re-import changes nothing twice. */
    async upsert(rows: NewPolicyTermRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insert(policyTerms)
          .values(rows.slice(i, i + 500))
          .onConflictDoUpdate({
            target: [policyTerms.policyNumber, policyTerms.termStart],
            set: {
              termEnd: sql`excluded.term_end`,
              custnum: sql`excluded.custnum`,
              prgName: sql`excluded.prg_name`,
              importedAt: sql`excluded.imported_at`,
            },
          })
      }
    },
  }
}
