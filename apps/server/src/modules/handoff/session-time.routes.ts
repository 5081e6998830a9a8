// Issue 27 (WCAG 2.2.1): the sign-in's idle limit, seen coming. The portal asks how long is
// left without that counting as activity, warns before the end, and "Stay signed in" extends
// the session here. Both answer 401 once the session has ended.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { operationOf, SessionTimeSchema } from '@portal/contract'
import { changeRefusals, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'

interface Deps {
  /** How long before the end the portal warns (SESSION_IDLE_WARNING_SECONDS). */
  warnBeforeSeconds: number
}

export async function sessionTimeRoutes(app: FastifyInstance, { warnBeforeSeconds }: Deps) {
  const api = withSchemas(app)
  const answer = (secondsLeft: number | null) => {
    if (secondsLeft === null) throw new HttpError(401, 'service.sessionEnded')
    return { secondsLeft, warnBeforeSeconds }
  }
  api.get(
    '/api/portal/session',
    {
      schema: {
        ...operationOf('sessionTime'),
        response: { 200: SessionTimeSchema, ...refusals(401) },
      },
    },
    async (request) => answer(await request.session.secondsLeft()),
  )
  api.post(
    '/api/portal/session/keep-alive',
    {
      schema: {
        ...operationOf('sessionKeepAlive'),
        body: z.nullish(z.strictObject({})),
        response: { 200: SessionTimeSchema, ...changeRefusals, ...refusals(401) },
      },
    },
    async (request) => answer(await request.session.keepAlive()),
  )
}
