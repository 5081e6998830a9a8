// The member's customer record: its service and routes (with registration's lookup variant).
import type { FastifyInstance } from 'fastify'
import type { Shared } from '../shared.ts'
import { registrationLookup } from '../registration/registration.routes.ts'
import type { RegistrationService } from '../registration/registration.module.ts'
import { customerRoutes } from './customer.routes.ts'
import { customerService } from './customer.service.ts'

export async function register(
  app: FastifyInstance,
  { store }: Shared,
  { registration }: { registration: RegistrationService },
) {
  await app.register(customerRoutes, {
    customer: customerService({ store }),
    registrationLookup: registrationLookup(app, { registration }),
  })
}
