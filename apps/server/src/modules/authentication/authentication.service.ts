// Password authentication (spec §4 "Login"). The answers are the spec's messages; the
// portal turns them into what the user reads.
import { authMessages, type AuthMessage, type CustomerVerdict, type Locale } from '@portal/contract'
import type { Clock } from '../../lib/clock.ts'
import { rehashAfterSignIn, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts'
import type { SignInCustomer, UserRow } from '../../store/users.repo.ts'
import type { OutboxWriter } from '../../delivery/outbox.ts'
import { brandOf, templates } from '../../delivery/templates.ts'
import type { AuditEntry } from '../../store/audit.repo.ts'
import type { Store } from '../../store/index.ts'
import type { StartedSessionRow } from '../../store/sessions.repo.ts'
import {
  attemptMessage,
  failedLoginsBeforeLock,
  unknownUsernameMessage,
  unlockRules,
} from '../signin/lockout-policy.ts'
import { endSignInsAndNotify } from '../signin/lock-effects.ts'
import { isThroughItsDoor, verdictFor } from '../signin/program-check.ts'
import type { UnknownUsernames } from './unknown-usernames.ts'

export interface AuthenticateInput {
  userName: string
  password: string
  velLevel1Org: string
  clientIp: string
  /** The language the request names (issue 24): the member's messages are written in it. */
  locale: Locale | null
}

/** What a right password found: what the sign-in's session starts from. */
export interface SignedIn {
  user: UserRow
  /** What the sign-in reads of the user's customer record (none when it is missing). */
  customer: SignInCustomer | undefined
  /** A temporary password, or one older than the maximum age: replace before anything else. */
  isPasswordChangeRequired: boolean
}

/**
 * Starts the sign-in's session (the routes own what it holds). With `insert`, the session's
 * row is written by that statement (the one that records the sign-in); false when it wrote
 * nothing and no session started.
 */
export type SessionStarter = (
  signedIn: SignedIn,
  insert?: (row: StartedSessionRow) => Promise<boolean>,
) => Promise<boolean>

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
  store: Store
  writer: OutboxWriter
  clock: Clock
  /** 0 turns periodic expiry off (the default, as NIST SP 800-63B advises). */
  passwordMaxAgeDays: number
  unknownUsernames: UnknownUsernames
}

export function authenticationService(deps: Deps) {
  const { store, writer, clock, passwordMaxAgeDays } = deps
  const { reference, users, audit } = store
  /**
   * The sign-in's one statement (the sessions repository's): the failed count reset, the
   * audit row and the session; the entry is noted (the metrics) once it is written.
   */
  async function startSignIn(entry: AuditEntry, passwordHash: string, row: StartedSessionRow) {
    const isStarted = await store.sessions.startSignIn(audit.rowOf(entry), passwordHash, row)
    if (isStarted) audit.noted(entry)
    return isStarted
  }
  const isExpired = (user: UserRow) =>
    passwordMaxAgeDays > 0 &&
    clock.now().getTime() - user.passwordChangedAt.getTime() > passwordMaxAgeDays * 86_400_000

  /**
   * The answer to a verified password whose session the account refused to start (issue 40,
   * S1): a lock or a disable since the read is answered as one; otherwise the password changed
   * since it was read (a change, a temporary password redeemed) and the one typed is not it.
   */
  async function refusedSinceRead(userId: number): Promise<AuthMessage> {
    const current = await users.findById(userId)
    return !current || current.isLocked || current.isDisabled
      ? authMessages.userLocked
      : authMessages.invalidCredentials
  }

  /**
   * The temporary password was right (issue 32, M4, R1, D1). It is spent: it becomes the
   * password of this one sign-in, which must end in a new one, and it signs in no second
   * time. The current password is void, the account unlocked, every other sign-in ended and
   * every trusted device forgotten; after a lock the contacts proven before stay bound until
   * a code to one of them passes. The channel it went by is remembered (mfa/code-channels.ts).
   */
  async function useTemporaryPassword(
    { user, customer }: { user: UserRow; customer: SignInCustomer | undefined },
    pendingHash: string,
    input: AuthenticateInput,
    startSession: SessionStarter,
  ): Promise<AuthenticateResult> {
    const context = { userId: user.id, username: user.username, clientIp: input.clientIp }
    if (!isThroughItsDoor(input.velLevel1Org, user.program)) {
      await audit.record({ event: 'login.wrong_program', ...context })
      return { ok: false, message: authMessages.invalidCredentials }
    }
    const now = clock.now()
    const used = await store.transaction(async (tx) => {
      const row = await tx.users.usePendingPassword(user.id, pendingHash, now)
      if (!row) return undefined
      // Already expired: it lets this sign-in through to the new password, and no other.
      await tx.users.changePassword(user.id, pendingHash, now, {
        isTemporary: true,
        temporaryExpiresAt: now,
      })
      await tx.sessions.removeAllOf(user.id)
      await tx.mfa.forgetDevices(user.id)
      // Issue 40 (P1): and every passkey, which whoever held the account may have added; the
      // member is offered one again after the next code.
      const removedPasskeys = await tx.passkeys.removeAllOf(user.id)
      if (unlockRules.isReconfirmationRequiredAfterReset(user)) {
        await tx.mfa.requireReconfirmation(user.id)
      }
      return { ...row, removedPasskeys: removedPasskeys.map((p) => p.id) }
    })
    // Another sign-in spent it first (a race), a newer one replaced it, or the member was
    // disabled since the read (answered as a locked account is).
    if (!used) return { ok: false, message: await refusedSinceRead(user.id) }
    await users.rememberLocale(user, input.locale)
    const entry = {
      event: 'login.temporary_password_used' as const,
      ...context,
      detail: {
        channel: used.recoveredVia,
        wasLocked: user.isLocked,
        removedPasskeys: used.removedPasskeys,
      },
    }
    const signedIn = {
      user: { ...user, isTemporaryPassword: true, isLocked: false },
      customer,
      isPasswordChangeRequired: true,
    }
    // As a sign-in with the current password: the session starts only while the temporary
    // password is still the account's and the member is not disabled (issue 40, S1).
    const isStarted = await startSession(signedIn, (row) => startSignIn(entry, pendingHash, row))
    if (!isStarted) {
      await audit.record(entry) // spent all the same
      return { ok: false, message: await refusedSinceRead(user.id) }
    }
    return {
      ok: true,
      message: authMessages.success,
      ...signedIn,
      verdict: verdictFor(user.program, customer),
    }
  }

  return {
    /** Checks the password; when it is right, `startSession` starts the sign-in's session. */
    async authenticate(
      input: AuthenticateInput,
      startSession: SessionStarter,
    ): Promise<AuthenticateResult> {
      const { userName, password, clientIp } = input
      // The customer record comes with the user: one query, whatever the answer.
      const found = await users.findWithCustomerByUsername(userName)
      if (!found) {
        // Answers as an account would (same messages, counts and time): see unknown-usernames.ts.
        // Two verifications, as every refusal of an account costs (T1 below).
        await verifyAgainstDummy(password)
        await verifyAgainstDummy(password)
        const failedAttempts = await deps.unknownUsernames.recordFailure(userName)
        await audit.record({ event: 'login.unknown_user', username: userName, clientIp })
        return { ok: false, message: unknownUsernameMessage(failedAttempts) }
      }
      const { user, customer } = found
      const context = { userId: user.id, username: user.username, clientIp }
      // Spec §5, §8: usernames are case-sensitive (issue 40). The account is found in any case
      // (usernameKey), so every spelling counts on one counter, as for a missing name, and
      // the case tells nothing; but only the stored spelling signs in. Checked after the
      // password's work, so that a wrong case costs the same time as a wrong password.
      const isExactName = userName.trim() === user.username
      const now = clock.now()
      // A temporary password asked for by recovery waits beside the current one (issue 32,
      // M4): whichever is used first wins. It is also how a locked member gets back in.
      const pending =
        user.pendingPasswordHash &&
        user.pendingPasswordExpiresAt &&
        user.pendingPasswordExpiresAt > now &&
        !user.isDisabled
          ? user.pendingPasswordHash
          : null
      // SECURITY (issue 40, T1): every refusal costs the same two verifications, the current
      // password's and the temporary one's, against a dummy when none waits: the time of a
      // wrong password must not tell that a reset is pending (nor a lock, nor an unknown name).
      const temporaryPasswordTyped = async (): Promise<string | null> => {
        if (pending === null) {
          await verifyAgainstDummy(password)
          return null
        }
        return (await verifyPassword(pending, password)) ? pending : null
      }
      // A member disabled by the support desk is answered as a locked account is (issue 31).
      if (user.isLocked || user.isDisabled) {
        await verifyAgainstDummy(password) // in place of the current password's
        const temporary = await temporaryPasswordTyped()
        if (temporary !== null && isExactName) {
          return useTemporaryPassword(found, temporary, input, startSession)
        }
        await audit.record({
          event: user.isDisabled ? 'login.disabled' : 'login.locked',
          ...context,
        })
        return { ok: false, message: authMessages.userLocked }
      }
      const isCurrentPassword = (await verifyPassword(user.passwordHash, password)) && isExactName
      const temporary = isCurrentPassword ? null : await temporaryPasswordTyped()
      if (temporary !== null && isExactName) {
        return useTemporaryPassword(found, temporary, input, startSession)
      }
      if (!isCurrentPassword) {
        const notice = templates.lockout(
          brandOf(user.program, await reference.phoneOf(user.program), user.locale),
        )
        // The lock and the owner's notice are one change: both happen or neither.
        const counted = await store.transaction(async (tx) => {
          const row = await tx.users.recordFailedLogin(user.id, failedLoginsBeforeLock)
          // A lock ends every sign-in of the user, including ones opened earlier elsewhere.
          if (row?.isLocked) await endSignInsAndNotify(tx, writer, user, notice)
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
      if (!isThroughItsDoor(input.velLevel1Org, user.program)) {
        await audit.record({ event: 'login.wrong_program', ...context })
        return { ok: false, message: authMessages.invalidCredentials }
      }
      // The current password was used first: a temporary one asked for meanwhile is void.
      if (user.pendingPasswordHash) await users.voidPendingPassword(user.id)
      // Recorded with the sign-in; pl binds the same verdict (program-check.ts).
      const verdict = verdictFor(user.program, customer)
      const isExpiredNow = !user.isTemporaryPassword && isExpired(user)
      const signedIn = {
        user,
        customer,
        isPasswordChangeRequired: user.isTemporaryPassword || isExpiredNow,
      }
      // The failed-count reset checks the account again (issue 40, S1): a lock, a disable or a
      // new password since the read wins, and then neither the audit row nor the session is
      // written (one statement for the three).
      const entry = { event: 'login.succeeded' as const, ...context, detail: { verdict } }
      const isStarted = await startSession(signedIn, (row) =>
        startSignIn(entry, user.passwordHash, row),
      )
      if (!isStarted) return { ok: false, message: await refusedSinceRead(user.id) }
      void rehashAfterSignIn(user, password, (...a) => users.replacePasswordHash(...a))
      await users.rememberLocale(user, input.locale)
      return {
        ok: true,
        message: isExpiredNow ? authMessages.credentialsExpired : authMessages.success,
        ...signedIn,
        verdict,
      }
    },

    async recordLogout(userId: number, clientIp: string): Promise<void> {
      await audit.record({ event: 'logout', userId, clientIp })
    },
  }
}
