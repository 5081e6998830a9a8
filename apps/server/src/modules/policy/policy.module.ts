// Policy terms: their service and routes.
import type { FastifyInstance } from 'fastify'
import type { Shared } from '../shared.ts'
import { policyRoutes } from './policy.routes.ts'
import { policyService } from './policy.service.ts'

export async function register(app: FastifyInstance, { store, clock }: Shared) {
  await app.register(policyRoutes, { policy: policyService({ store, clock }) })
}
