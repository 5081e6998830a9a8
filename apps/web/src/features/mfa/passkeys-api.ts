// Passkeys (issue 23): the calls under /api/passkeys and the browser's WebAuthn ceremonies.
// @simplewebauthn/browser is imported only when a ceremony starts, so that no screen that
// does not use it (the login page above all) loads it.
import {
  CwMfaResponseSchema,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  PasskeyStatusSchema,
  type Passkey,
} from '@portal/contract'
import { t } from '../../i18n/texts.ts'
import { apiClient } from '../../lib/api/api-client.ts'
import { mfaRequestHeaders } from '../../lib/visit/device.ts'
import { readSession } from '../../lib/visit/session.ts'
import type { MfaAnswer } from './mfa-api.ts'
import { rememberPasskeyHere } from './passkey-device.ts'

const client = () => apiClient.withHeaders(mfaRequestHeaders(readSession().username))

/** Whether this browser can make and use passkeys at all (WebAuthn present). */
export function hasWebAuthn(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

/** Whether this device has a platform authenticator that verifies its user (issue 23's rule). */
export async function hasPlatformPasskeys(): Promise<boolean> {
  if (!hasWebAuthn()) return false
  try {
    return await window.PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable()
  } catch {
    return false
  }
}

/** GET /api/passkeys/status: while the second factor is owed, whether a passkey may stand in. */
export async function hasPasskey(signal?: AbortSignal): Promise<boolean> {
  const result = await client().get('/api/passkeys/status', PasskeyStatusSchema, signal)
  return result.kind === 'answered' && result.json.hasPasskey
}

/**
 * The second factor by passkey: a challenge, the browser's ceremony, the service's verdict
 * (a cwMFAResponse, as for a code). A ceremony that ended in the browser (cancelled, or no
 * passkey of this site on this device: WebAuthn does not tell the two apart) is a notice, not
 * an error; it sent nothing and spent no try. A passed one is remembered on this device.
 */
export async function signInWithPasskey(): Promise<MfaAnswer> {
  const options = await client().postJson(
    '/api/passkeys/authentication/options',
    {},
    PasskeyOptionsSchema,
  )
  if (options.kind !== 'answered') return { kind: 'refused', message: t.passkeys.notUsed }
  let response: unknown
  try {
    const { startAuthentication } = await import('@simplewebauthn/browser')
    response = await startAuthentication({ optionsJSON: options.json as never })
  } catch {
    return { kind: 'notice', message: t.passkeys.notHere }
  }
  const result = await client().postJson(
    '/api/passkeys/authentication',
    { response },
    CwMfaResponseSchema,
  )
  if (result.kind !== 'answered') return { kind: 'failed' }
  if (result.json.statusCode === 'AUTHENTICATION_SUCCESS') rememberPasskeyHere()
  return { kind: 'answered', response: result.json }
}

/** Makes a passkey on this device; true when the service saved it. Never throws. */
export async function createPasskey(): Promise<boolean> {
  const options = await client().postJson(
    '/api/passkeys/registration/options',
    {},
    PasskeyOptionsSchema,
  )
  if (options.kind !== 'answered') return false
  try {
    const { startRegistration } = await import('@simplewebauthn/browser')
    const response = await startRegistration({ optionsJSON: options.json as never })
    const saved = await client().postJson('/api/passkeys/registration', { response }, PasskeySchema)
    if (saved.kind === 'answered') rememberPasskeyHere()
    return saved.kind === 'answered'
  } catch {
    return false
  }
}

export type PasskeysAnswer =
  { kind: 'answered'; passkeys: Passkey[] } | { kind: 'failed'; message: string | null }

/** GET /api/passkeys */
export async function listPasskeys(signal?: AbortSignal): Promise<PasskeysAnswer> {
  const result = await client().get('/api/passkeys', PasskeyListSchema, signal)
  return result.kind === 'answered'
    ? { kind: 'answered', passkeys: result.json.passkeys }
    : { kind: 'failed', message: null }
}

/** POST /api/passkeys/remove */
export async function removePasskey(id: number): Promise<PasskeysAnswer> {
  const result = await client().postJson('/api/passkeys/remove', { id }, PasskeyListSchema)
  if (result.kind === 'answered') return { kind: 'answered', passkeys: result.json.passkeys }
  return { kind: 'failed', message: result.kind === 'refused' ? result.message : null }
}
