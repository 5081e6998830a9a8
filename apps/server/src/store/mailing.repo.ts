import { eq } from 'drizzle-orm'
import { findProgram } from '@portal/contract'
import type { Db } from './db.ts'
import { mailingAddresses } from './schema.ts'

/** The customer-service phone of a program (augustar is kept under its alias onl). */
export function mailingRepo(db: Db) {
  return {
    async phoneOf(program: string): Promise<string | undefined> {
      const code = findProgram(program)?.serviceCode
      if (!code) return undefined
      const [row] = await db
        .select({ phone: mailingAddresses.phone })
        .from(mailingAddresses)
        .where(eq(mailingAddresses.program, code))
      return row?.phone
    },
  }
}
