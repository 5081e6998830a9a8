// Spec §4 "Hand-off when MFA completes": the browser leaves the portal for the main program
// site (or the pl policy application). The service builds the address: it holds the secrets
// and knows whether the session earned it. Used by the login (a recognised device) and by
// the verification screens.
import { HandoffResponseSchema, type HandoffRequestSchema } from '@portal/contract'
import type * as z from 'zod/mini'
import { apiClient } from '../api/api-client.ts'

/** `landing`: the program's landing page (MFA status MyAccount1), else the main site's login. */
export type HandoffTarget = z.output<typeof HandoffRequestSchema>['target']

export type HandoffResult =
  | { kind: 'granted'; url: string }
  /** 403: the service refused the hand-off (a blocked customer); nothing more is shown. */
  | { kind: 'refused' }
  /** `isUnauthorized`: 401, the sign-in has ended (issue 27). */
  | { kind: 'failed'; isUnauthorized?: boolean }

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

/** POST /api/portal/handoff: the address to leave for. */
export async function requestHandoff(target: HandoffTarget = 'login'): Promise<HandoffResult> {
  const result = await apiClient.postJson('/api/portal/handoff', { target }, HandoffResponseSchema)
  if (result.kind === 'refused' && result.status === 403) return { kind: 'refused' }
  if (result.kind === 'refused' && result.status === 401) {
    return { kind: 'failed', isUnauthorized: true }
  }
  const url = result.kind === 'answered' ? safeDestination(result.json.url) : null
  return url ? { kind: 'granted', url } : { kind: 'failed' }
}
