import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  CreateUserRequestSchema,
  CreateUserResponseSchema,
  ExistingAccountCheckSchema,
  ExistingAccountResponseSchema,
  operationOf,
  type CreateUserResponse,
  type RegistrationLookup,
  type RegistrationLookupResponse,
} from '@portal/contract'
import { changeRefusals, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import { requestLocale } from '../../lib/request-context.ts'
import type { registrationService } from './registration.service.ts'

interface Deps {
  registration: ReturnType<typeof registrationService>
}

/** Serves the registration variant of the customer lookup (routed by the customer module). */
export function registrationLookup(app: FastifyInstance, { registration }: Deps) {
  const perCustomer = app.limits.byTarget('registration')
  // The body has already passed RegistrationLookupSchema at the edge.
  return async (
    request: FastifyRequest,
    query: RegistrationLookup,
  ): Promise<RegistrationLookupResponse> => {
    await app.limits.byClient(request)
    await perCustomer(request, query.customerNumber)
    const found = await registration.lookUp(query)
    if (!found) throw new HttpError(404, 'registration.notFound')
    return found
  }
}

export async function registrationRoutes(app: FastifyInstance, { registration }: Deps) {
  const perCustomer = app.limits.byTarget('registration')
  const api = withSchemas(app)

  const checkSchema = {
    ...operationOf('findUserByMemberCode'),
    body: ExistingAccountCheckSchema,
    response: { 200: ExistingAccountResponseSchema, ...changeRefusals, ...refusals(429) },
  }
  api.post(
    '/api/us-web-authentication/finduserbymembercode',
    { schema: checkSchema },
    async (request) => {
      const check = request.body
      await app.limits.byClient(request)
      await perCustomer(request, check.membershipCd)
      const exists = await registration.hasAccount(
        check.membershipCd,
        check.primaryEmailAddress,
        check.phoneNumber,
      )
      return { body: exists ? { accountExists: true as const } : null }
    },
  )

  // fidbond-api/create (decision 0008) is the same account creation, under the fidbond API's
  // name: same request, same rules, same limits, same answer.
  for (const [name, path] of [
    ['createUser', '/api/us-web-authentication/createuser'],
    ['fidbondCreate', '/api/fidbond-api/create'],
  ] as const) {
    const createSchema = {
      ...operationOf(name),
      body: CreateUserRequestSchema,
      response: { 200: CreateUserResponseSchema, ...changeRefusals, ...refusals(429) },
    }
    api.post(path, { schema: createSchema }, async (request): Promise<CreateUserResponse> => {
      const account = request.body
      await app.limits.byClient(request)
      await perCustomer(request, account.membershipCd)
      return registration.createUser(account, requestLocale(request.headers))
    })
  }
}
