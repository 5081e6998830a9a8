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
