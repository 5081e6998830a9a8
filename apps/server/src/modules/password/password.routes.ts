import type { FastifyInstance } from 'fastify'
import {
  operationOf,
  UpdateTempPasswordFormSchema,
  UpdateTempPasswordResponseSchema,
} from '@portal/contract'
import { changeRefusals, formBody, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import { isSameUsername } from '../../lib/usernames.ts'
import { requireMember } from '../signin/flow-guard.ts'
import { applyOutcome } from '../signin/sign-in.ts'
import type { passwordService } from './password.service.ts'

interface Deps {
  passwords: ReturnType<typeof passwordService>
}

export async function passwordRoutes(app: FastifyInstance, { passwords }: Deps) {
  // Open only to the session that signed in with a temporary or expired password, and only
  // for that session's own user, whatever userName the form names.
  const schema = {
    ...operationOf('updateTempPassword'),
    consumes: formBody,
    body: UpdateTempPasswordFormSchema,
    response: { 200: UpdateTempPasswordResponseSchema, ...changeRefusals, ...refusals(401) },
  }
  withSchemas(app).post(
    '/api/us-web-authentication/updateTempPassword',
    {
      schema,
      preHandler: requireMember(['password_change_required'], {
        refusal: 'service.temporaryPasswordFirst',
      }),
    },
    async (request) => {
      const form = request.body
      const { user } = request.member
      if (!isSameUsername(user.username, form.userName)) {
        throw new HttpError(403, 'service.anotherSignInsPasswordChange')
      }
      const result = await passwords.replacePassword(user.id, form.password)
      // The user signs in again with the new password (spec §2 screen 16); every other
      // session of the user ended with the change.
      const kind = result.temporaryPasswordFlagUpdated ? 'replaced' : 'kept'
      await applyOutcome(request, { step: 'temporaryPassword', kind })
      return result
    },
  )
}
