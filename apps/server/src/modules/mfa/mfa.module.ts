// The second factor: its service (which passkeys also pass through) and routes.
import type { FastifyInstance } from 'fastify'
import { deriveKey } from '../../lib/crypto.ts'
import type { Shared } from '../shared.ts'
import { mfaRoutes } from './mfa.routes.ts'
import { mfaService } from './mfa.service.ts'

export async function register(app: FastifyInstance, shared: Shared) {
  const { store, writer, clock, config, mailingPhone, deviceCookie } = shared
  const mfa = mfaService({
    store,
    writer,
    clock,
    codeKey: deriveKey(config.sessionSecret, 'verification-code'),
    deviceKey: deriveKey(config.sessionSecret, 'device-print'),
    deviceTrustDays: config.mfaDeviceTrustDays,
    smsOriginHost: config.smsOriginHost,
    mfaExemptPrograms: config.mfaExemptPrograms,
    mailingPhone,
    timeZone: config.supportTimeZone,
    // The first origin the portal is served from, when it is one address (not a pattern).
    portalOrigin: config.webauthn.origins.find((origin) => !origin.includes('*')),
  })
  await app.register(mfaRoutes, { mfa, deviceCookie })
  return { mfa }
}
