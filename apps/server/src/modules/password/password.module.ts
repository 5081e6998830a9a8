// Replacing a temporary or expired password: its service (the profile's change uses it too)
// and routes.
import type { FastifyInstance } from 'fastify'
import type { Shared } from '../shared.ts'
import { passwordRoutes } from './password.routes.ts'
import { passwordService } from './password.service.ts'

export async function register(app: FastifyInstance, { store, writer, clock }: Shared) {
  const passwords = passwordService({ store, writer, clock })
  await app.register(passwordRoutes, { passwords })
  return { passwords }
}
