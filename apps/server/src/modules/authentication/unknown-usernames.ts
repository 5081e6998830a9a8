// Shadow failure counters for usernames that have no account (docs/decisions/0009). Spec §4
// forces the attempt messages ('Invalid Attempt 1', '2', '3', then 'User Locked'), which
// would confirm that an account exists if an unknown name answered anything else. So an
// unknown name counts its failures here, per normalised username and with an expiry, and
// answers exactly what an account would: 1, 2, 3, then locked.
import type { Clock } from '../../lib/clock.ts'
import type { WindowStore } from '../../lib/window-store.ts'
import { normaliseTarget } from '../../plugins/rate-limits.ts'

export function unknownUsernames(deps: { store: WindowStore; clock: Clock; keepDays: number }) {
  const { store, clock, keepDays } = deps
  return {
    /** Counts one more failed sign-in for a username without an account; answers the count. */
    recordFailure(userName: string): Promise<number> {
      return store.increment(
        `shadow-login:${normaliseTarget(userName)}`,
        keepDays * 86_400_000,
        clock.now().getTime(),
      )
    },
  }
}
export type UnknownUsernames = ReturnType<typeof unknownUsernames>
