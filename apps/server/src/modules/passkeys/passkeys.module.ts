// Passkeys: their service (the support console removes them too) and routes.
import type { FastifyInstance } from 'fastify'
import { deriveKeys } from '../../lib/crypto.ts'
import type { mfaService } from '../mfa/mfa.service.ts'
import type { Shared } from '../shared.ts'
import { passkeysRoutes } from './passkeys.routes.ts'
import { passkeysService } from './passkeys.service.ts'

export async function register(
  app: FastifyInstance,
  shared: Shared,
  { mfa }: { mfa: ReturnType<typeof mfaService> },
) {
  const { store, writer, clock, config, mailingPhone, deviceCookie } = shared
  const passkeys = passkeysService({
    store,
    writer,
    clock,
    relyingParty: config.webauthn,
    userHandleKeys: deriveKeys(config.sessionSecrets, 'passkey-user-handle'),
    mfa,
    mailingPhone,
  })
  await app.register(passkeysRoutes, { passkeys, deviceCookie })
  return { passkeys }
}
