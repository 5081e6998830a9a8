// Spec §4 "Recovery" and §8: what each recovery answer means for the user, as pure
// functions of the call's result.
import {
  plMisspeltMultipleAccounts,
  recoveryStatuses,
  type ContactLookupResponse,
  type Flavour,
  type RecoveryResponse,
} from '@portal/contract'
import { failureTextOf, t } from '../../i18n/texts.ts'
import { userMessageOf, type CallResult } from '../../lib/api/api-client.ts'
import { shortMaskedEmail } from '../../lib/forms/short-mask.ts'
import type { RecoveryKey } from './recovery-input.ts'

/** Which call answered: one that sends (username, temporary password) or a contact lookup. */
export type RecoveryCall = { kind: 'send' } | { kind: 'lookup'; by: RecoveryKey['by'] }

/**
 * The banner message for a status text that is not 'Success'. Kept to the letter of spec §8:
 * - pl's sending calls answer 'No Accounts' with the technical-difficulties message;
 * - pl's by-username check compares against the misspelt 'Mulitple Accounts'. DELIBERATE:
 *   the quirk is specified (spec §8); the service always sends 'Multiple Accounts' and a
 *   username names one account, so the case cannot arise, but the check stays as written.
 *   Any status the screen does not know gets the flavour's failure message.
 */
export function statusMessageOf(status: string, flavour: Flavour, call: RecoveryCall): string {
  const isPl = flavour === 'pl'
  const multipleAccounts =
    isPl && call.kind === 'lookup' && call.by === 'username'
      ? plMisspeltMultipleAccounts
      : recoveryStatuses.multipleAccounts
  switch (status) {
    case multipleAccounts:
      return t.recovery.multipleAccounts
    case recoveryStatuses.noAccounts:
      return isPl && call.kind === 'send' ? t.login.technicalDifficulties : t.recovery.noAccounts
    case recoveryStatuses.dataNotFound:
      return t.recovery.noAccounts
    default:
      return failureTextOf(flavour)
  }
}

const isSuccess = (answer: { status: boolean; message: string }) =>
  answer.status && answer.message === recoveryStatuses.success

/** The message for a call that got no usable answer: the service's own (429, 400) or failure. */
function failedCallMessage(result: CallResult<unknown>, flavour: Flavour): string {
  return userMessageOf(result) ?? failureTextOf(flavour)
}

export type SendOutcome = { kind: 'sent' } | { kind: 'banner'; message: string }

/** sendUserName, sendTempPassword, sendOTPToContactInfo: Success goes to the confirmation. */
export function sendOutcomeOf(result: CallResult<RecoveryResponse>, flavour: Flavour): SendOutcome {
  if (result.kind !== 'answered') {
    return { kind: 'banner', message: failedCallMessage(result, flavour) }
  }
  if (isSuccess(result.json)) return { kind: 'sent' }
  return {
    kind: 'banner',
    message: statusMessageOf(result.json.message, flavour, { kind: 'send' }),
  }
}

export interface MaskedContacts {
  email: string | null
  phone: string | null
}

export type LookupOutcome =
  { kind: 'found'; contacts: MaskedContacts } | { kind: 'banner'; message: string }

/** getContactInfoByPersonCd / getContactInfoByUsername: Success leads to the delivery choice. */
export function lookupOutcomeOf(
  result: CallResult<ContactLookupResponse>,
  flavour: Flavour,
  by: RecoveryKey['by'],
): LookupOutcome {
  if (result.kind !== 'answered') {
    return { kind: 'banner', message: failedCallMessage(result, flavour) }
  }
  const answer = result.json
  if (isSuccess(answer))
    return { kind: 'found', contacts: { email: answer.email, phone: answer.phone } }
  return {
    kind: 'banner',
    message: statusMessageOf(answer.message, flavour, { kind: 'lookup', by }),
  }
}

/** The delivery methods step 2 offers: only for a contact that exists (spec §2 screen 7). */
export function deliveryOptionsOf(contacts: MaskedContacts) {
  return [
    // Issue 27: the short mask the verification screens show, one picture of the address.
    ...(contacts.email
      ? [{ method: 'email' as const, masked: shortMaskedEmail(contacts.email) }]
      : []),
    ...(contacts.phone ? [{ method: 'sms' as const, masked: contacts.phone }] : []),
  ]
}
