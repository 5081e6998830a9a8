// Where a verification code may go (issue 32; security review R1, H2, M9). Pure rules: the
// MFA service reads the facts, this decides. The second factor is only as strong as the
// contact the code goes to, so each rule keeps the code away from a contact an attacker
// could have chosen or could be reading:
//
// - H2: an account that never proved a contact sends its first code only to a contact on
//   the customer record (or set by the operator who made the account), never to one typed
//   at enrolment by whoever holds the password.
// - R1: after a password reset or an unlock, and at every challenge, codes go only to
//   contacts proven before; they change only after such a code has passed.
// - M9 (issue 40): after a temporary password was used, the code goes by the other channel
//   until a code passes there: to the contact proven on it, else to the one on the customer
//   record or the account. The mailbox (or the phone) alone that received the temporary
//   password never also receives the code, however long the attacker waits.
import type { DeliveryMethod } from '@portal/contract'

export interface CodeChannelFacts {
  /** When each contact was proven by a code sent to it; null when never. */
  provenAt: Record<DeliveryMethod, Date | null>
  /** A code has passed for this account before (its contacts may have changed since). */
  hasPassedCode: boolean
  /** On the customer record, or the account's own as its creator set them. */
  isTrusted: Record<DeliveryMethod, boolean>
  /** After a password reset or an unlock: the proven contacts are bound until a code passes. */
  isReconfirmationRequired: boolean
  /** This sign-in is at a challenge: the plain second factor of a fully enrolled account. */
  isChallenge: boolean
  /**
   * The channel a temporary password went by, once it was used to sign in; null again when a
   * code passed on the other channel since.
   */
  recoveredVia: DeliveryMethod | null
}

export type ChannelRefusal = 'notOnRecord' | 'notProven' | 'afterRecovery'

export interface CodeChannels {
  /** Each method: null when a code may go there, otherwise why not. */
  refusal: Record<DeliveryMethod, ChannelRefusal | null>
  /** The recovery channel turned away, while it is. */
  recentRecoveryBy: DeliveryMethod | null
}

const methods: readonly DeliveryMethod[] = ['email', 'sms']

export function hasProvenContact(facts: Pick<CodeChannelFacts, 'provenAt'>): boolean {
  return methods.some((method) => facts.provenAt[method] !== null)
}

/** An account that never passed a code: its first one goes to the record (H2). */
export const isNewToCodes = (facts: Pick<CodeChannelFacts, 'provenAt' | 'hasPassedCode'>) =>
  !facts.hasPassedCode && !hasProvenContact(facts)

export const otherChannelThan = (method: DeliveryMethod): DeliveryMethod =>
  method === 'email' ? 'sms' : 'email'

export function codeChannels(facts: CodeChannelFacts): CodeChannels {
  const isProvenOnly = facts.isChallenge || facts.isReconfirmationRequired
  const firstRefusal = (method: DeliveryMethod): ChannelRefusal | null => {
    if (isNewToCodes(facts)) return facts.isTrusted[method] ? null : 'notOnRecord'
    if (isProvenOnly && facts.provenAt[method] === null) return 'notProven'
    return null
  }
  const refusal = { email: firstRefusal('email'), sms: firstRefusal('sms') }

  const via = facts.recoveredVia
  if (via === null) return { refusal, recentRecoveryBy: null }
  // M9: the recovery channel is turned away (a refusal it already had says more). The other
  // takes the code when proven there, or on the record or the account (not typed by whoever
  // holds the password), also after a reset, whose proven contacts are bound otherwise: no
  // contact an attacker could have chosen. Neither open: the member calls support.
  const other = otherChannelThan(via)
  refusal[via] ??= 'afterRecovery'
  const isOtherTrusted = facts.provenAt[other] !== null || facts.isTrusted[other]
  refusal[other] = isOtherTrusted ? null : (refusal[other] ?? 'notOnRecord')
  return { refusal, recentRecoveryBy: via }
}

/** Whether no code may go anywhere now: after a recovery, the member calls support. */
export const isDeadEnd = ({ refusal }: CodeChannels) =>
  refusal.email !== null && refusal.sms !== null
