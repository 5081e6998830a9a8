// The login calls of spec §7, and what their answers mean for the screen.
import {
  AuthenticateResponseSchema,
  ErrorResponseSchema,
  HandoffResponseSchema,
  authOutcomeOf,
  type AuthOutcome,
} from '@portal/contract'
import { TransportError, UnexpectedResponseError, apiClient } from '../../lib/api-client.ts'

export interface Credentials {
  userName: string
  password: string
}

export type LoginResult =
  /** Status 201: the message of spec §4 decides what happens. */
  | { kind: 'answered'; outcome: AuthOutcome; isTemporaryPassword: boolean }
  /** Status 400: the service judged a field missing or invalid. */
  | { kind: 'rejected'; message: string | null }
  /** Any other status, an unreadable answer, or no answer at all. */
  | { kind: 'failed' }

function isCallFailure(error: unknown): boolean {
  return error instanceof TransportError || error instanceof UnexpectedResponseError
}

export async function authenticate(
  credentials: Credentials,
  velLevel1Org: string,
): Promise<LoginResult> {
  try {
    const response = await apiClient.postForm(
      '/api/us-web-authentication/authenticate',
      { userName: credentials.userName, password: credentials.password, velLevel1Org },
      AuthenticateResponseSchema,
    )
    // Spec §4: the authentication messages are "carried with status 201"; a 200 is not one.
    if (response.ok && response.status === 201) {
      return {
        kind: 'answered',
        outcome: authOutcomeOf(response.json.message),
        isTemporaryPassword: response.json.temporaryPassword === true,
      }
    }
    if (response.status === 400) {
      const problem = ErrorResponseSchema.safeParse(response.json)
      return { kind: 'rejected', message: problem.success ? problem.data.message : null }
    }
    return { kind: 'failed' }
  } catch (error) {
    if (isCallFailure(error)) return { kind: 'failed' }
    throw error
  }
}

/** Only web addresses may be followed; anything else from the answer is refused. */
function safeDestination(url: string): string | null {
  try {
    const destination = new URL(url, window.location.origin)
    return destination.protocol === 'https:' || destination.protocol === 'http:'
      ? destination.href
      : null
  } catch {
    return null
  }
}

/**
 * The address of the main program site for this session. The service builds it (it holds
 * the secrets and knows the session earned it); null when it cannot be had.
 */
export async function requestHandoff(): Promise<string | null> {
  try {
    const response = await apiClient.post('/api/portal/handoff', HandoffResponseSchema)
    return response.ok ? safeDestination(response.json.url) : null
  } catch (error) {
    if (isCallFailure(error)) return null
    throw error
  }
}
