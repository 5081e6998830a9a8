// The account calls spec §7 lists without payloads (decision 0008): the signed-in account,
// the member's own profile, the password change from a session, and the security-question
// calls, which this service does not have.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  operationOf,
  SaveAccountSchema,
  SignedInAccountSchema,
  UpdateUserFormSchema,
  UpdateUserResponseSchema,
} from '@portal/contract'
import { changeRefusals, formBody, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import { isSameUsername } from '../../lib/usernames.ts'
import { activeSignIn } from '../signin/flow.ts'
import { requireMember } from '../signin/flow-guard.ts'
import { applyOutcome } from '../signin/sign-in.ts'
import type { accountService } from './account.service.ts'

interface Deps {
  account: ReturnType<typeof accountService>
}

const auth = '/api/us-web-authentication'

export async function accountRoutes(app: FastifyInstance, deps: Deps) {
  const { account } = deps
  const api = withSchemas(app)
  const perUser = app.limits.byTarget('password-change')
  // Who may call the member's own calls of decision 0008: by default only a sign-in that
  // has passed the password and the second factor, and only about its own user.
  const signedIn = { preHandler: requireMember() }

  // Any session that passed the password (not one that must replace it first).
  const getSchema = {
    ...operationOf('getAccount'),
    response: { 200: SignedInAccountSchema, ...refusals(401) },
  }
  api.get(
    '/api/account',
    { schema: getSchema, preHandler: requireMember(activeSignIn) },
    async (request) => account.accountOf(request.member.user),
  )

  const saveSchema = {
    ...operationOf('saveAccount'),
    body: SaveAccountSchema,
    response: { 200: SignedInAccountSchema, ...changeRefusals, ...refusals(401) },
  }
  api.post('/api/account', { schema: saveSchema, ...signedIn }, async (request) =>
    account.saveFirstName(request.member.user, request.body.firstName, request.ip),
  )

  // Spec §7 "form: userName, password" (the new one), plus the current password. The
  // history of eight applies; every other session of the member ends, and this one gets a
  // new id.
  const updateUserSchema = {
    ...operationOf('updateUser'),
    consumes: formBody,
    body: UpdateUserFormSchema,
    response: { 200: UpdateUserResponseSchema, ...changeRefusals, ...refusals(401, 429) },
  }
  api.post(`${auth}/updateuser`, { schema: updateUserSchema, ...signedIn }, async (request) => {
    const { user } = request.member
    const form = request.body
    if (!isSameUsername(form.userName, user.username)) {
      throw new HttpError(403, 'service.anotherSignInsPasswordChange')
    }
    await perUser(request, user.username)
    if (!(await account.isCurrentPassword(user, form.currentPassword, request.ip))) {
      const refusal = new HttpError(400, 'account.currentPasswordWrong')
      throw Object.assign(refusal, {
        fields: [{ field: 'currentPassword', message: refusal.message }],
      })
    }
    const result = await account.changePassword(user, form.password)
    if (!result.passwordUpdated) {
      return {
        passwordUpdated: false,
        matchesPreviousEightPasswords: true,
        otherSessionsEnded: false,
      }
    }
    await applyOutcome(request, {
      step: 'passwordChange',
      kind: 'changed',
      newPassword: form.password,
    })
    return {
      passwordUpdated: true,
      matchesPreviousEightPasswords: false,
      otherSessionsEnded: true,
    }
  })

  // ASVS 6.4.2: no security questions. The three calls answer 410 with the way to recover.
  const goneSchema = (name: 'validateAnswers' | 'findUserByUsername' | 'updateSecurityAnswer') => ({
    ...operationOf(name),
    body: z.unknown(),
    response: refusals(403, 410),
  })
  const gone = async () => {
    throw new HttpError(410, 'account.securityQuestionsGone')
  }
  api.post(`${auth}/validateanswers`, { schema: goneSchema('validateAnswers') }, gone)
  api.post(`${auth}/finduserbyusername`, { schema: goneSchema('findUserByUsername') }, gone)
  api.post(`${auth}/updatesecurityAnswer`, { schema: goneSchema('updateSecurityAnswer') }, gone)
}
