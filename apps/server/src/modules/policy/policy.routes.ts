// POST /api/policy-api/findCurrentTerm (decision 0008): the signed-in customer's current
// policy term, from the terms the operator imports.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { CurrentTermResponseSchema, FindCurrentTermSchema, operationOf } from '@portal/contract'
import { changeRefusals, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { policyTermsRepo } from '../../store/policy-terms.repo.ts'
import type { usersRepo } from '../../store/users.repo.ts'
import { signedInMember } from '../account/signed-in.ts'

interface Deps {
  users: ReturnType<typeof usersRepo>
  policyTerms: ReturnType<typeof policyTermsRepo>
  clock: Clock
}

export async function policyRoutes(app: FastifyInstance, { users, policyTerms, clock }: Deps) {
  const schema = {
    ...operationOf('findCurrentTerm'),
    body: z.nullish(FindCurrentTermSchema),
    response: { 200: CurrentTermResponseSchema, ...changeRefusals, ...refusals(401) },
  }
  withSchemas(app).post('/api/policy-api/findCurrentTerm', { schema }, async (request) => {
    const { user } = await signedInMember(request, users)
    const asked = request.body?.custnum
    if (asked !== undefined && asked !== user.custnum) {
      throw new HttpError(403, 'This customer record belongs to another user.')
    }
    // Terms are calendar days of the business (UTC dates, as imported).
    const today = clock.now().toISOString().slice(0, 10)
    const term = await policyTerms.currentTerm(user.custnum, today)
    return {
      currentTerm: term
        ? {
            policyNumber: term.policyNumber,
            prgName: term.prgName,
            termStart: term.termStart,
            termEnd: term.termEnd,
          }
        : null,
    }
  })
}
