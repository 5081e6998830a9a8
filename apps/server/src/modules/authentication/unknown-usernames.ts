// Shadow failure counters for usernames that have no account (docs/decisions/0009). Spec §4
// forces the attempt messages ('Invalid Attempt 1', '2', '3', then 'User Locked'), which
// would confirm that an account exists if an unknown name answered anything else. So an
// unknown name counts its failures here, per username in any case and with an expiry, and
// answers exactly what an account would: 1, 2, 3, then locked. The key folds names as the
// account lookup does (usernameKey): were it to fold more, `FOO`, `Foo`, `foo` would count
// 1, 2, 3 for a missing name but 1, 2, 1 for a real one (issue 32, row E1).
import type { Clock } from '../../lib/clock.ts'
import type { WindowStore } from '../../lib/window-store.ts'
import { usernameKey } from '../../lib/usernames.ts'

export function unknownUsernames(deps: { store: WindowStore; clock: Clock; keepDays: number }) {
  const { store, clock, keepDays } = deps
  return {
    /** Counts one more failed sign-in for a username without an account; answers the count. */
    recordFailure(userName: string): Promise<number> {
      return store.increment(
        `shadow-login:${usernameKey(userName)}`,
        keepDays * 86_400_000,
        clock.now().getTime(),
      )
    },
  }
}
export type UnknownUsernames = ReturnType<typeof unknownUsernames>
