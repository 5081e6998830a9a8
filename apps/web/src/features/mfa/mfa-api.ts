// The MFA calls of spec §7 behind the verification screens. Every call carries the headers
// mfaClientIP, mfaDevicePrint and userName; the service acts on the session's own user.
import {
  CountriesSchema,
  CwMfaResponseSchema,
  MfaDetailsSchema,
  defaultCountry,
  type Country,
  type CwMfaResponse,
  type MfaContact,
  type DeliveryMethod,
  type MfaDetails,
} from '@portal/contract'
import { apiClient, type CallResult } from '../../lib/api/api-client.ts'
import { mfaRequestHeaders } from '../../lib/visit/device.ts'
import { readSession } from '../../lib/visit/session.ts'

export type MfaAnswer =
  | { kind: 'answered'; response: CwMfaResponse }
  /** 429 or 400 with the service's own message for the user (e.g. wait before a new code). */
  | { kind: 'refused'; message: string }
  /**
   * An error status (401: the session is not at this step, or has ended; 403; 5xx) or no
   * usable answer.
   */
  | { kind: 'failed'; isUnauthorized?: boolean }
  /** Nothing was sent and nothing failed (a passkey ceremony cancelled): said calmly, not an error. */
  | { kind: 'notice'; message: string }

export type DetailsAnswer = { kind: 'answered'; details: MfaDetails } | { kind: 'failed' }

/** The headers are read per call: the username is the one signed in now. */
const mfaClient = () => apiClient.withHeaders(mfaRequestHeaders(readSession().username))

async function answerOf(call: Promise<CallResult<CwMfaResponse>>): Promise<MfaAnswer> {
  const result = await call
  if (result.kind === 'answered') return { kind: 'answered', response: result.json }
  // 400 (a field the service judged invalid) and 429 (issue 14: too many codes) are for the
  // user to read; anything else is the generic failure.
  const isForTheUser = result.kind === 'refused' && (result.status === 400 || result.status === 429)
  if (isForTheUser && result.message) return { kind: 'refused', message: result.message }
  return result.kind === 'refused' && result.status === 401
    ? { kind: 'failed', isUnauthorized: true }
    : { kind: 'failed' }
}

const post = (path: string, body: unknown) =>
  answerOf(mfaClient().postJson(path, body, CwMfaResponseSchema))

/** GET /api/mfa/getDetails: the current details, to prefill and to show masked. */
export async function getDetails(signal?: AbortSignal): Promise<DetailsAnswer> {
  const result = await mfaClient().get('/api/mfa/getDetails', MfaDetailsSchema, signal)
  return result.kind === 'answered'
    ? { kind: 'answered', details: result.json }
    : { kind: 'failed' }
}

/** GET /api/mfa/getCountries; the default country alone when the list cannot be had. */
export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  const result = await mfaClient().get('/api/mfa/getCountries', CountriesSchema, signal)
  return result.kind === 'answered' && result.json.length > 0 ? result.json : [defaultCountry]
}

/**
 * POST /api/mfa/updateUser: new or confirmed verification details. While enrolling, asks for
 * the first code at once (issue 43, item 10); the service says where it went, if it sent one.
 */
export function updateUser(
  contact: MfaContact,
  { isEnrolling = false }: { isEnrolling?: boolean } = {},
): Promise<MfaAnswer> {
  return post('/api/mfa/updateUser', isEnrolling ? { ...contact, firstCodeAtOnce: true } : contact)
}

/** POST /api/mfa/submitVerification: send a code by the chosen method. */
export function submitVerification(rgValue: DeliveryMethod): Promise<MfaAnswer> {
  return post('/api/mfa/submitVerification', { rgValue })
}

/** POST /api/mfa/generateNewCode: a fresh code by the method chosen before. */
export function generateNewCode(): Promise<MfaAnswer> {
  return post('/api/mfa/generateNewCode', {})
}

/** POST /api/mfa/enterverificationcode */
/** `rememberDevice` (issue 27): whether this device is trusted after the code. */
export function enterVerificationCode(
  verificationCode: string,
  rememberDevice: boolean,
): Promise<MfaAnswer> {
  return post('/api/mfa/enterverificationcode', { verificationCode, rememberDevice })
}

/** POST /api/mfa/mfaSupport: opens a support incident and answers with its ticket. */
export function requestSupport(): Promise<MfaAnswer> {
  return post('/api/mfa/mfaSupport', {})
}
