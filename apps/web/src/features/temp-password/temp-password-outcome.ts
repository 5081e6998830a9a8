// Spec §4 "Temporary-password update outcomes", as a pure function of what the service
// answered (the form's rules are lib/form-schemas.ts's).
import type { UpdateTempPasswordResponse } from '@portal/contract'
import { t } from '../../i18n/texts.ts'

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
    if (response.passwordUpdated) return say(t.tempPassword.updatedButCannotLogin)
    if (response.matchesPreviousEightPasswords) return say(t.tempPassword.matchesPrevious)
  }
  if (answer.kind === 'guessable') return say(t.validation.passwordGuessable)
  return say(t.tempPassword.unableToUpdate)
}
