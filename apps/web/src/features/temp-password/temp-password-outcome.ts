// Spec §4 "Temporary-password update outcomes" and the spec §5 new-password rules, as pure
// functions of what the user typed and what the service answered.
import type { UpdateTempPasswordResponse } from '@portal/contract'
import { messages } from '../../i18n/texts.ts'
import { fieldRules } from '../../lib/form-schemas.ts'

export type TempPasswordAnswer =
  | { kind: 'answered'; response: UpdateTempPasswordResponse }
  /** 400: the service found the password too easy to guess (issue 28). */
  | { kind: 'guessable' }
  /** An error status (400 broken rules, 401 no password-change session, 5xx) or no answer. */
  | { kind: 'failed'; isUnauthorized?: boolean }

export type TempPasswordOutcome = { kind: 'updated' } | { kind: 'message'; message: string }

const say = (message: string): TempPasswordOutcome => ({ kind: 'message', message })

export function tempPasswordOutcomeOf(answer: TempPasswordAnswer): TempPasswordOutcome {
  if (answer.kind === 'answered') {
    const { response } = answer
    if (response.temporaryPasswordFlagUpdated) return { kind: 'updated' }
    if (response.passwordUpdated) return say(messages.tempPassword.updatedButCannotLogin)
    if (response.matchesPreviousEightPasswords) return say(messages.tempPassword.matchesPrevious)
  }
  if (answer.kind === 'guessable') return say(messages.validation.passwordGuessable)
  return say(messages.tempPassword.unableToUpdate)
}

/**
 * The password field's message, or undefined when the password may be sent: required, then
 * at least 8 characters, then all five rules (strength score 5).
 */
export function newPasswordProblem(password: string): string | undefined {
  const result = fieldRules().newPassword.safeParse(password)
  return result.success ? undefined : result.error.issues[0]?.message
}

/** Spec §5: on this screen the confirmation must equal the password. */
export function confirmationProblem(password: string, confirmation: string): string | undefined {
  return confirmation === password ? undefined : messages.tempPassword.confirmMismatch
}
