// The lockout policy in one place (spec §4 "Authentication messages", §9 limits): how many
// wrong passwords and wrong codes lock an account, what each wrong password is answered
// with, and what unlocks. The repositories count and lock atomically with the limits passed
// in from here; they hold no rule of their own.
//
// SECURITY: the counts are per account, not per code or per session: a new code or a new
// sign-in gives no new tries (NIST SP 800-63B-4 §3.1.3.2). Only a password reset (by the
// member) or an unlock (by support) ends a lock.
import { authMessages, limits, type AuthMessage } from '@portal/contract'

/** Wrong passwords in a row that lock the account (usersRepo.recordFailedLogin counts). */
export const failedLoginsBeforeLock = limits.failedLoginsBeforeLock

/** Wrong verification codes that lock the account, however many codes were sent between. */
export const codeTriesBeforeLock = limits.verificationCodeMaxAttempts

/** Wrong codes a staff sign-in may enter before it ends (the staff account stays usable). */
export const staffCodeTries = limits.verificationCodeMaxAttempts

/** The spec §4 message for the `failedAttempts`-th wrong password in a row. */
export function attemptMessage(failedAttempts: number): AuthMessage {
  if (failedAttempts >= failedLoginsBeforeLock) return authMessages.attempt3
  // 'Invalid Attempt 2' is the warning that the next wrong password locks the account.
  return failedAttempts === failedLoginsBeforeLock - 1
    ? authMessages.attempt2
    : authMessages.attempt1
}

/**
 * An unknown username answers as an account would (unknown-usernames.ts), including the
 * lock: past the limit it reads as 'User Locked'.
 */
export function unknownUsernameMessage(failedAttempts: number): AuthMessage {
  return failedAttempts > failedLoginsBeforeLock
    ? authMessages.userLocked
    : attemptMessage(failedAttempts)
}

/** Whether the code tries spent so far lock the account (member) or end the sign-in (staff). */
export const areCodeTriesSpent = (spent: number, limit = codeTriesBeforeLock) => spent >= limit

/** The reason an incident gives for a lock by wrong codes. */
export const codeLockReason = `${codeTriesBeforeLock} wrong verification codes`

/**
 * The unlock rules. A password reset or change unlocks the account, clears the wrong-password
 * count and, when it was locked, gives the code tries back (usersRepo.changePassword); after
 * an unlock the verification contacts are confirmed again (RE_ENROLL/UNLOCKED). Support
 * unlocks only an account that is locked, and clears both counts (supportRepo.unlock).
 */
export const unlockRules = {
  /** Whether the contacts are confirmed again after a reset of this account. */
  isReconfirmationRequiredAfterReset: (user: { isLocked: boolean }) => user.isLocked,
  /** Whether support may unlock this account. */
  isUnlockable: (user: { isLocked: boolean }) => user.isLocked,
}
