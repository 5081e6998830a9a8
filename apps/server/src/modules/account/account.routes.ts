// The account calls spec §7 lists without payloads (decision 0008): the signed-in account,
// the member's own profile, the password change from a session, and the security-question
// calls, which this service does not have.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  messages,
  operationOf,
  SaveAccountSchema,
  SignedInAccountSchema,
  UpdateUserFormSchema,
  UpdateUserResponseSchema,
  type SignedInAccount,
} from '@portal/contract'
import { changeRefusals, formBody, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import { isSameUsername } from '../../lib/usernames.ts'
import { verifyPassword } from '../../lib/passwords.ts'
import type { auditRepo } from '../../store/audit.repo.ts'
import type { customersRepo } from '../../store/customers.repo.ts'
import type { Db } from '../../store/db.ts'
import { sessionsRepo } from '../../store/sessions.repo.ts'
import type { UserRow, usersRepo } from '../../store/users.repo.ts'
import type { passwordService } from '../password/password.service.ts'
import { activeSignIn } from '../signin/flow.ts'
import { signedInMember } from './signed-in.ts'

interface Deps {
  db: Db
  users: ReturnType<typeof usersRepo>
  customers: ReturnType<typeof customersRepo>
  audit: ReturnType<typeof auditRepo>
  passwords: ReturnType<typeof passwordService>
}

const auth = '/api/us-web-authentication'

export async function accountRoutes(app: FastifyInstance, deps: Deps) {
  const { db, users, customers, audit, passwords } = deps
  const api = withSchemas(app)
  const perUser = app.limits.byTarget('password-change')

  const accountOf = async (user: UserRow): Promise<SignedInAccount> => ({
    login: user.username,
    firstName: (await customers.findByCustnum(user.custnum))?.firstName ?? null,
    customerNumber: user.custnum,
    prgName: user.program,
    imageUrl: null,
    authorities: ['ROLE_USER'],
  })

  // Any session that passed the password (not one that must replace it first).
  const getSchema = {
    ...operationOf('getAccount'),
    response: { 200: SignedInAccountSchema, ...refusals(401) },
  }
  api.get('/api/account', { schema: getSchema }, async (request) => {
    const { user } = await signedInMember(request, users, activeSignIn)
    return accountOf(user)
  })

  const saveSchema = {
    ...operationOf('saveAccount'),
    body: SaveAccountSchema,
    response: { 200: SignedInAccountSchema, ...changeRefusals, ...refusals(401) },
  }
  api.post('/api/account', { schema: saveSchema }, async (request) => {
    const { user } = await signedInMember(request, users)
    await customers.updateFirstName(user.custnum, request.body.firstName.trim())
    await audit.record({ event: 'account.profile_saved', userId: user.id, clientIp: request.ip })
    return accountOf(user)
  })

  // Spec §7 "form: userName, password" (the new one), plus the current password. The
  // history of eight applies; every other session of the member ends, and this one gets a
  // new id.
  const updateUserSchema = {
    ...operationOf('updateUser'),
    consumes: formBody,
    body: UpdateUserFormSchema,
    response: { 200: UpdateUserResponseSchema, ...changeRefusals, ...refusals(401, 429) },
  }
  api.post(`${auth}/updateuser`, { schema: updateUserSchema }, async (request) => {
    const { session, user } = await signedInMember(request, users)
    const form = request.body
    if (!isSameUsername(form.userName, user.username)) {
      throw new HttpError(403, 'This password change belongs to another sign-in.')
    }
    await perUser(request, user.username)
    if (!(await verifyPassword(user.passwordHash, form.currentPassword))) {
      await audit.record({
        event: 'password.current_refused',
        userId: user.id,
        clientIp: request.ip,
      })
      const message = messages.account.currentPasswordWrong
      throw Object.assign(new HttpError(400, message), {
        fields: [{ field: 'currentPassword', message }],
      })
    }
    const result = await passwords.replacePassword(user.id, form.password)
    if (!result.passwordUpdated) {
      return {
        passwordUpdated: false,
        matchesPreviousEightPasswords: true,
        otherSessionsEnded: false,
      }
    }
    await sessionsRepo(db).removeAllOf(user.id)
    const data = { ...session.data }
    // The hand-off carries the password the main site will check: the new one now.
    if ('handoffSecret' in data) data.handoffSecret = request.session.seal(form.password)
    await request.session.start({
      userId: user.id,
      program: session.program,
      stage: session.stage,
      data,
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
    throw new HttpError(410, messages.account.securityQuestionsGone)
  }
  api.post(`${auth}/validateanswers`, { schema: goneSchema('validateAnswers') }, gone)
  api.post(`${auth}/finduserbyusername`, { schema: goneSchema('findUserByUsername') }, gone)
  api.post(`${auth}/updatesecurityAnswer`, { schema: goneSchema('updateSecurityAnswer') }, gone)
}
