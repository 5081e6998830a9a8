// Issue 27 (problem 2, WCAG 2.2.1): the sign-in's idle limit, seen coming. The service says
// how long is left (asking is no activity) and extends it on "Stay signed in"; the portal only
// schedules when to ask again. Whether the sign-in has ended is kept here, so that a screen
// whose call was refused for an ended session can say so instead of "technical difficulties".
import { useSyncExternalStore } from 'react'
import { SessionTimeSchema, type SessionTime } from '@portal/contract'
import { apiClient, type CallResult } from '../api/api-client.ts'

/** The service's answer: the time left, an ended session, or nothing usable (no warning then). */
export type SessionTimeAnswer =
  { kind: 'live'; time: SessionTime } | { kind: 'ended' } | { kind: 'unknown' }

function answerOf(result: CallResult<SessionTime>): SessionTimeAnswer {
  if (result.kind === 'answered') return { kind: 'live', time: result.json }
  if (result.kind === 'refused' && result.status === 401) return { kind: 'ended' }
  return { kind: 'unknown' }
}

/** GET /api/portal/session: the time left, not counted as activity. */
export async function readSessionTime(): Promise<SessionTimeAnswer> {
  return answerOf(await apiClient.get('/api/portal/session', SessionTimeSchema))
}

/** POST /api/portal/session/keep-alive: "Stay signed in". */
export async function keepSessionAlive(): Promise<SessionTimeAnswer> {
  return answerOf(await apiClient.post('/api/portal/session/keep-alive', SessionTimeSchema))
}

/** 'unknown' until the service was asked; 'live' once it said so; 'ended' after that. */
type SessionState = 'unknown' | 'live' | 'ended'
let state: SessionState = 'unknown'
const listeners = new Set<() => void>()

function setState(next: SessionState): void {
  if (state === next) return
  state = next
  for (const listener of listeners) listener()
}

export const sessionState = {
  /** The service answered with time left. */
  sawLive: () => setState('live'),
  /**
   * The service refused for want of a session. Only a sign-in seen live here can have ended:
   * an address opened without one keeps its own answer.
   */
  sawRefusal: () => {
    if (state === 'live') setState('ended')
  },
  /** A new sign-in starts afresh (the login screen). */
  reset: () => setState('unknown'),
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
  )
}
