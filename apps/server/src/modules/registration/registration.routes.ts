import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  CreateUserRequestSchema,
  ExistingAccountCheckSchema,
  messages,
  RegistrationLookupSchema,
  type CreateUserResponse,
  type RegistrationLookupResponse,
} from '@portal/contract'
import { HttpError } from '../../plugins/errors.ts'
import type { registrationService } from './registration.service.ts'

interface Deps {
  registration: ReturnType<typeof registrationService>
}

/** Serves the registration variant of the customer lookup (routed by the customer module). */
export function registrationLookup(app: FastifyInstance, { registration }: Deps) {
  const perCustomer = app.limits.byTarget('registration')
  return async (request: FastifyRequest): Promise<RegistrationLookupResponse> => {
    const query = RegistrationLookupSchema.parse(request.body)
    await app.limits.byClient(request)
    await perCustomer(request, query.customerNumber)
    const found = await registration.lookUp(query)
    if (!found) throw new HttpError(404, messages.registration.notFound)
    return found
  }
}

export async function registrationRoutes(app: FastifyInstance, { registration }: Deps) {
  const perCustomer = app.limits.byTarget('registration')

  app.post('/api/us-web-authentication/finduserbymembercode', async (request) => {
    const check = ExistingAccountCheckSchema.parse(request.body)
    await app.limits.byClient(request)
    await perCustomer(request, check.membershipCd)
    const exists = await registration.hasAccount(
      check.membershipCd,
      check.primaryEmailAddress,
      check.phoneNumber,
    )
    return { body: exists ? { accountExists: true as const } : null }
  })

  app.post(
    '/api/us-web-authentication/createuser',
    async (request): Promise<CreateUserResponse> => {
      const account = CreateUserRequestSchema.parse(request.body)
      await app.limits.byClient(request)
      await perCustomer(request, account.membershipCd)
      return registration.createUser(account)
    },
  )
}
