// The calls of spec §7 behind the temporary-password screens.
import { UpdateTempPasswordResponseSchema } from '@portal/contract'
import { apiClient } from '../../lib/api-client.ts'
import type { TempPasswordAnswer } from './temp-password-outcome.ts'

/** POST /api/us-web-authentication/updateTempPassword, form-encoded. */
export async function updateTempPassword(
  userName: string,
  password: string,
): Promise<TempPasswordAnswer> {
  const result = await apiClient.postForm(
    '/api/us-web-authentication/updateTempPassword',
    { userName, password },
    UpdateTempPasswordResponseSchema,
  )
  return result.kind === 'answered'
    ? { kind: 'answered', response: result.json }
    : { kind: 'failed' }
}

/**
 * POST /api/logout. The session that was let in with a temporary password ends when the user
 * goes back to login, so it cannot be picked up again from this browser.
 */
export async function endSession(): Promise<void> {
  // Nothing to tell the user if it fails: the session also ends on its own (idle timeout).
  await apiClient.post('/api/logout')
}
