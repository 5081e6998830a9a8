import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { findProgram, type MailingAddress } from '@portal/contract'
import { HttpError } from '../../plugins/errors.ts'
import type { Db } from '../../store/db.ts'
import { mailingAddresses } from '../../store/schema.ts'

export async function customerRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Spec §7: PHONE shown in the header; augustar is looked up as onl.
  app.get<{ Params: { program: string } }>(
    '/api/customer-api/getPOMailingAddress/:program',
    async (request): Promise<MailingAddress> => {
      const program = findProgram(request.params.program)
      if (!program) throw new HttpError(404, 'Unknown program.')
      const [row] = await db
        .select({ phone: mailingAddresses.phone })
        .from(mailingAddresses)
        .where(eq(mailingAddresses.program, program.serviceCode))
      if (!row) throw new HttpError(404, 'No mailing address for this program.')
      return { PHONE: row.phone }
    },
  )
}
