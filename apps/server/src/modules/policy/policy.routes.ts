// POST /api/policy-api/findCurrentTerm (decision 0008): the signed-in customer's current
// policy term, from the terms the operator imports.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { CurrentTermResponseSchema, FindCurrentTermSchema, operationOf } from '@portal/contract'
import { changeRefusals, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import { requireMember } from '../signin/flow-guard.ts'
import type { policyService } from './policy.service.ts'

interface Deps {
  policy: ReturnType<typeof policyService>
}

export async function policyRoutes(app: FastifyInstance, { policy }: Deps) {
  const schema = {
    ...operationOf('findCurrentTerm'),
    body: z.nullish(FindCurrentTermSchema),
    response: { 200: CurrentTermResponseSchema, ...changeRefusals, ...refusals(401) },
  }
  const signedIn = { preHandler: requireMember() }
  withSchemas(app).post(
    '/api/policy-api/findCurrentTerm',
    { schema, ...signedIn },
    async (request) => {
      const { user } = request.member
      const asked = request.body?.custnum
      if (asked !== undefined && asked !== user.custnum) {
        throw new HttpError(403, 'service.anotherUsersCustomerRecord')
      }
      const term = await policy.currentTerm(user.custnum)
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
    },
  )
}
