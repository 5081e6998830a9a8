// The calls of spec §7 behind the temporary-password screens.
import { UpdateTempPasswordResponseSchema } from '@portal/contract'
import { apiClient, userMessageOf } from '../../lib/api/api-client.ts'
import type { TempPasswordAnswer } from './temp-password-outcome.ts'
import { t } from '../../i18n/texts.ts'

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
  if (result.kind === 'answered') return { kind: 'answered', response: result.json }
  // Issue 28: the service found the password too easy to guess (its list is longer).
  if (userMessageOf(result) === t.validation.passwordGuessable) return { kind: 'guessable' }
  // Issue 27: 401 once the sign-in has ended (the screen then says so).
  return { kind: 'failed', isUnauthorized: result.kind === 'refused' && result.status === 401 }
}
