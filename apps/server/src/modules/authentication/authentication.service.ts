// Password authentication (spec §4 "Login"). The answers are the spec's messages; the
// portal turns them into what the user reads.
import {
  authMessages,
  customerVerdict,
  isProgramCode,
  limits,
  programsWithLevel1Org,
  type AuthMessage,
  type CustomerVerdict,
} from '@portal/contract'
import type { Clock } from '../../lib/clock.ts'
import { rehashAfterSignIn, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts'
import type { auditRepo } from '../../store/audit.repo.ts'
import { usersRepo, type SignInCustomer, type UserRow } from '../../store/users.repo.ts'
import type { OutboxWriter } from '../../delivery/outbox.ts'
import { brandOf, templates } from '../../delivery/templates.ts'
import type { Db } from '../../store/db.ts'
import type { referenceRepo } from '../../store/reference.repo.ts'
import { sessionsRepo } from '../../store/sessions.repo.ts'
import type { UnknownUsernames } from './unknown-usernames.ts'

export interface AuthenticateInput {
  userName: string
  password: string
  velLevel1Org: string
  clientIp: string
}

export type AuthenticateResult =
  | { ok: false; message: AuthMessage }
  | {
      ok: true
      message: AuthMessage
      user: UserRow
      /** What the sign-in reads of the user's customer record (none when it is missing). */
      customer: SignInCustomer | undefined
      /** A temporary password, or one older than the maximum age: replace before anything else. */
      isPasswordChangeRequired: boolean
      /** The program rules of spec §4 applied to the user's customer record. */
      verdict: CustomerVerdict
    }

interface Deps {
  db: Db
  writer: OutboxWriter
  reference: ReturnType<typeof referenceRepo>
  users: ReturnType<typeof usersRepo>
  audit: ReturnType<typeof auditRepo>
  clock: Clock
  /** 0 turns periodic expiry off (the default, as NIST SP 800-63B advises). */
  passwordMaxAgeDays: number
  unknownUsernames: UnknownUsernames
}

export function authenticationService(deps: Deps) {
  const { db, writer, reference, users, audit, clock, passwordMaxAgeDays } = deps
  const isExpired = (user: UserRow) =>
    passwordMaxAgeDays > 0 &&
    clock.now().getTime() - user.passwordChangedAt.getTime() > passwordMaxAgeDays * 86_400_000

  return {
    async authenticate(input: AuthenticateInput): Promise<AuthenticateResult> {
      const { userName, password, clientIp } = input
      // The customer record comes with the user: one query, whatever the answer.
      const found = await users.findWithCustomerByUsername(userName)
      if (!found) {
        // Answers as an account would (same messages, counts and time): see unknown-usernames.ts.
        await verifyAgainstDummy(password)
        const failedAttempts = await deps.unknownUsernames.recordFailure(userName)
        await audit.record({ event: 'login.unknown_user', username: userName, clientIp })
        const isShadowLocked = failedAttempts > limits.failedLoginsBeforeLock
        return {
          ok: false,
          message: isShadowLocked ? authMessages.userLocked : attemptMessage(failedAttempts),
        }
      }
      const { user, customer } = found
      const context = { userId: user.id, username: user.username, clientIp }
      if (user.isLocked) {
        await verifyAgainstDummy(password) // as slow as any other answer
        await audit.record({ event: 'login.locked', ...context })
        return { ok: false, message: authMessages.userLocked }
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        const notice = templates.lockout(
          brandOf(user.program, await reference.phoneOf(user.program)),
        )
        // The lock and the owner's notice are one change: both happen or neither.
        const counted = await db.transaction(async (tx) => {
          const row = await usersRepo(tx).recordFailedLogin(user.id)
          // A lock ends every sign-in of the user, including ones opened earlier elsewhere.
          if (row?.isLocked) await sessionsRepo(tx).removeAllOf(user.id)
          if (row?.isLocked && user.email) {
            await writer.enqueue(tx, {
              channel: 'email',
              recipient: user.email,
              program: user.program,
              message: notice,
            })
          }
          return row
        })
        if (!counted) return { ok: false, message: authMessages.userLocked }
        await audit.record({
          event: counted.isLocked ? 'login.locked' : 'login.failed',
          ...context,
          detail: { failedAttempts: counted.failedAttempts },
        })
        return { ok: false, message: attemptMessage(counted.failedAttempts) }
      }
      // A temporary password is good for TEMP_PASSWORD_TTL_HOURS only (a newer one or the
      // exchange for a new password replaces it in the meantime).
      const expiresAt = user.isTemporaryPassword ? user.temporaryPasswordExpiresAt : null
      if (expiresAt && expiresAt <= clock.now()) {
        await audit.record({ event: 'login.temporary_password_expired', ...context })
        return { ok: false, message: authMessages.invalidCredentials }
      }
      // A right password at another program's door is still the wrong door: the account
      // belongs to one program, and velLevel1Org says which login screen was used.
      const programs = programsWithLevel1Org(input.velLevel1Org).map((p) => p.code as string)
      if (!programs.includes(user.program)) {
        await audit.record({ event: 'login.wrong_program', ...context })
        return { ok: false, message: authMessages.invalidCredentials }
      }
      const verdict =
        customer && isProgramCode(user.program)
          ? customerVerdict(user.program, customer)
          : 'mismatch'
      // The failed-count reset checks the lock again: a lock since the read wins.
      const isRecorded = await audit.recordSuccessfulLogin({
        event: 'login.succeeded',
        ...context,
        detail: { verdict },
      })
      if (!isRecorded) return { ok: false, message: authMessages.userLocked }
      void rehashAfterSignIn(user, password, (...a) => users.replacePasswordHash(...a))
      const isExpiredNow = !user.isTemporaryPassword && isExpired(user)
      return {
        ok: true,
        message: isExpiredNow ? authMessages.credentialsExpired : authMessages.success,
        user,
        customer,
        isPasswordChangeRequired: user.isTemporaryPassword || isExpiredNow,
        verdict,
      }
    },
  }
}

function attemptMessage(failedAttempts: number): AuthMessage {
  if (failedAttempts >= limits.failedLoginsBeforeLock) return authMessages.attempt3
  return failedAttempts === 2 ? authMessages.attempt2 : authMessages.attempt1
}
