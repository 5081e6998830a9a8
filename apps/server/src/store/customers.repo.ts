import { eq } from 'drizzle-orm'
import type { Db } from './db.ts'
import { customers } from './schema.ts'

export type CustomerRow = typeof customers.$inferSelect

export function customersRepo(db: Db) {
  return {
    async findByCustnum(custnum: string): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.custnum, custnum))
      return row
    },
  }
}
