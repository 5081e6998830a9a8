// Registration (with the account creation it ends in): its services and routes. The
// customer module's lookup variant uses the same service, so it is built first (serviceOf).
import type { FastifyInstance } from 'fastify'
import { accountsService } from '../accounts/accounts.service.ts'
import type { Shared } from '../shared.ts'
import { registrationRoutes } from './registration.routes.ts'
import { registrationService } from './registration.service.ts'

export type RegistrationService = ReturnType<typeof registrationService>

export function serviceOf({ store, clock, writer, mailingPhone }: Shared): RegistrationService {
  const accounts = accountsService({ store, clock, notices: { writer, mailingPhone } })
  return registrationService({ store, accounts })
}

export async function register(
  app: FastifyInstance,
  _shared: Shared,
  { registration }: { registration: RegistrationService },
) {
  await app.register(registrationRoutes, { registration })
}
