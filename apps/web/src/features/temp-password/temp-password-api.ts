// The calls of spec §7 behind the temporary-password screens.
import { UpdateTempPasswordResponseSchema } from '@portal/contract'
import { TransportError, UnexpectedResponseError, apiClient } from '../../lib/api-client.ts'
import type { TempPasswordAnswer } from './temp-password-outcome.ts'

function isCallFailure(error: unknown): boolean {
  return error instanceof TransportError || error instanceof UnexpectedResponseError
}

/** POST /api/us-web-authentication/updateTempPassword, form-encoded. */
export async function updateTempPassword(
  userName: string,
  password: string,
): Promise<TempPasswordAnswer> {
  try {
    const response = await apiClient.postForm(
      '/api/us-web-authentication/updateTempPassword',
      { userName, password },
      UpdateTempPasswordResponseSchema,
    )
    return response.ok ? { kind: 'answered', response: response.json } : { kind: 'failed' }
  } catch (error) {
    if (isCallFailure(error)) return { kind: 'failed' }
    throw error
  }
}

/**
 * POST /api/logout. The session that was let in with a temporary password ends when the user
 * goes back to login, so it cannot be picked up again from this browser.
 */
export async function endSession(): Promise<void> {
  try {
    await apiClient.post('/api/logout')
  } catch (error) {
    // Nothing to tell the user: the session also ends on its own (idle timeout).
    if (!isCallFailure(error)) throw error
  }
}
