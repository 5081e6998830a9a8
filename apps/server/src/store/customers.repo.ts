import { eq } from 'drizzle-orm'
import type { Db } from './db.ts'
import { customers } from './schema.ts'

export type CustomerRow = typeof customers.$inferSelect
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
    /** Sets the first name on the member's own record (their profile, decision 0008). */
    async updateFirstName(custnum: string, firstName: string): Promise<void> {
      await db.update(customers).set({ firstName }).where(eq(customers.custnum, custnum))
    },
  }
}
