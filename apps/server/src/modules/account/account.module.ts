// The member's profile: its service and routes.
import type { FastifyInstance } from 'fastify'
import type { PasswordService } from '../password/password.service.ts'
import type { Shared } from '../shared.ts'
import { accountRoutes } from './account.routes.ts'
import { accountService } from './account.service.ts'

export async function register(
  app: FastifyInstance,
  { store }: Shared,
  { passwords }: { passwords: PasswordService },
) {
  await app.register(accountRoutes, { account: accountService({ store, passwords }) })
}
