// Password authentication (spec §4 "Login"). The answers are the spec's messages; the
// portal turns them into what the user reads.
import { authMessages, limits, programsWithLevel1Org, type AuthMessage } from '@portal/contract'
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts'
import type { auditRepo } from '../../store/audit.repo.ts'
import type { usersRepo, UserRow } from '../../store/users.repo.ts'

export interface AuthenticateInput {
  userName: string
  password: string
  velLevel1Org: string
  clientIp: string
}

export type AuthenticateResult =
  { ok: true; message: AuthMessage; user: UserRow } | { ok: false; message: AuthMessage }

interface Deps {
  users: ReturnType<typeof usersRepo>
  audit: ReturnType<typeof auditRepo>
}

export function authenticationService({ users, audit }: Deps) {
  return {
    async authenticate(input: AuthenticateInput): Promise<AuthenticateResult> {
      const { userName, password, clientIp } = input
      const user = await users.findByUsername(userName)
      if (!user) {
        await verifyAgainstDummy(password)
        await audit.record({ event: 'login.unknown_user', username: userName, clientIp })
        return { ok: false, message: authMessages.userDoesNotExist }
      }
      const context = { userId: user.id, username: user.username, clientIp }
      if (user.isLocked) {
        await audit.record({ event: 'login.locked', ...context })
        return { ok: false, message: authMessages.userLocked }
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        const counted = await users.recordFailedLogin(user.id)
        if (!counted) return { ok: false, message: authMessages.userLocked }
        await audit.record({
          event: counted.isLocked ? 'login.locked' : 'login.failed',
          ...context,
          detail: { failedAttempts: counted.failedAttempts },
        })
        return { ok: false, message: attemptMessage(counted.failedAttempts) }
      }
      // A right password at another program's door is still the wrong door: the account
      // belongs to one program, and velLevel1Org says which login screen was used.
      const programs = programsWithLevel1Org(input.velLevel1Org).map((p) => p.code)
      if (!programs.includes(user.program as (typeof programs)[number])) {
        return { ok: false, message: authMessages.invalidCredentials }
      }
      if (!(await users.recordSuccessfulLogin(user.id))) {
        return { ok: false, message: authMessages.userLocked }
      }
      await audit.record({ event: 'login.succeeded', ...context })
      return { ok: true, message: authMessages.success, user }
    },
  }
}

function attemptMessage(failedAttempts: number): AuthMessage {
  if (failedAttempts >= limits.failedLoginsBeforeLock) return authMessages.attempt3
  return failedAttempts === 2 ? authMessages.attempt2 : authMessages.attempt1
}
