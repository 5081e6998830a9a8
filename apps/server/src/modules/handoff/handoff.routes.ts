import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { HandoffRequestSchema, HandoffResponseSchema, operationOf } from '@portal/contract'
import { changeRefusals, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { auditRepo } from '../../store/audit.repo.ts'
import type { usersRepo } from '../../store/users.repo.ts'
import { advance, programCheckOf, requireState } from '../signin/flow.ts'
import type { handoffService } from './handoff.service.ts'

interface Deps {
  handoff: ReturnType<typeof handoffService>
  users: ReturnType<typeof usersRepo>
  audit: ReturnType<typeof auditRepo>
}

export async function handoffRoutes(app: FastifyInstance, { handoff, users, audit }: Deps) {
  // The hand-off is issued once, to a session that has completed sign-in; the portal
  // session ends with it, and the sealed password leaves the service only here.
  const schema = {
    ...operationOf('handoff'),
    body: z.nullish(HandoffRequestSchema),
    response: { 200: HandoffResponseSchema, ...changeRefusals, ...refusals(401) },
  }
  withSchemas(app).post('/api/portal/handoff', { schema }, async (request) => {
    const { target } = request.body ?? { target: 'login' }
    // SECURITY: only a flow that passed the second factor, with the program verdict bound
    // to it saying 'allowed' (spec §4 program rules are enforced here, not only shown).
    const session = await requireState(request, ['authenticated'])
    const check = programCheckOf(session)
    const user = await users.findById(session.userId)
    const password = request.session.unseal(session.data.handoffSecret)
    if (!user || user.isLocked || !check || password === undefined) {
      throw new HttpError(401, 'Please log in to continue.')
    }
    const url = await handoff.urlFor({
      program: session.program,
      username: user.username,
      password,
      custnum: user.custnum,
      association: check.association,
      target,
    })
    await advance(request, 'handedOff')
    await audit.record({
      event: 'handoff.issued',
      userId: user.id,
      username: user.username,
      clientIp: request.ip,
      detail: { program: session.program },
    })
    return { url }
  })
}
