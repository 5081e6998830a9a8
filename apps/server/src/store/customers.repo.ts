import { eq, getTableColumns, sql } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import type { Db } from './db.ts'
import { customers, users } from './schema.ts'

export type CustomerRow = typeof customers.$inferSelect
/** A record as the operator's import writes it. */
export type NewCustomerRow = typeof customers.$inferInsert
/** The record's columns: the spec §3 field names. */
export const customerFields = Object.keys(getTableColumns(customers)) as (keyof NewCustomerRow)[]
export type MailingAddressFields = Pick<
  CustomerRow,
  'caddr1' | 'caddr2' | 'ccity' | 'cstate' | 'postalcode' | 'ccountry'
>

export function customersRepo(db: Db) {
  return {
    async findByCustnum(custnum: string): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.custnum, custnum))
      return row
    },
    /** Sets the mailing address of one record; the record as saved, or undefined if none. */
    async updateAddress(
      custnum: string,
      address: MailingAddressFields,
    ): Promise<CustomerRow | undefined> {
      const [row] = await db
        .update(customers)
        .set(address)
        .where(eq(customers.custnum, custnum))
        .returning()
      return row
    },
    /** The records with this customer number, or else this membership code. */
    async findByCustnumOrMembership(where: {
      custnum?: string
      membershipCd?: string
    }): Promise<CustomerRow[]> {
      return db
        .select()
        .from(customers)
        .where(
          where.custnum
            ? eq(customers.custnum, where.custnum)
            : eq(customers.membershipCd, where.membershipCd ?? ''),
        )
    },
    /** The records of a membership that already have a web account. */
    async findWithAccountByMembership(membershipCd: string): Promise<CustomerRow[]> {
      const rows = await db
        .select({ customer: customers })
        .from(customers)
        .innerJoin(users, eq(users.custnum, customers.custnum))
        .where(eq(customers.membershipCd, membershipCd))
      return rows.map((r) => r.customer)
    },
    /**
     * Inserts the records, or updates `updatable` of the ones whose customer number exists
     * (a re-import is idempotent), 500 rows a statement.
     */
    async upsertMany(rows: NewCustomerRow[], updatable: (keyof NewCustomerRow)[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insert(customers)
          .values(rows.slice(i, i + 500))
          .onConflictDoUpdate({
            target: customers.custnum,
            set: Object.fromEntries(
              updatable.map((f) => [f, sql`excluded.${sql.identifier(toSnakeCase(f))}`]),
            ),
          })
      }
    },
    /** Sets the first name on the member's own record (their profile, decision 0008). */
    async updateFirstName(custnum: string, firstName: string): Promise<void> {
      await db.update(customers).set({ firstName }).where(eq(customers.custnum, custnum))
    },
  }
}
