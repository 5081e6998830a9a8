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
// - M9: for a day after a temporary password was used, the code goes by the other channel
//   when the member has a proven contact there, so the mailbox (or the phone) alone that
//   received the temporary password cannot also receive the code.
import type { DeliveryMethod } from '@portal/contract'

/** How long after a recovery the codes go by the other channel. */
export const recoveryCoolingOffMs = 24 * 3_600_000

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
  /** The channel a temporary password went by, and when it was used to sign in. */
  recoveredVia: DeliveryMethod | null
  recoveredAt: Date | null
}

export type ChannelRefusal = 'notOnRecord' | 'notProven' | 'afterRecovery'

export interface CodeChannels {
  /** Each method: null when a code may go there, otherwise why not. */
  refusal: Record<DeliveryMethod, ChannelRefusal | null>
  /** The recovery channel the cooling-off turned away, when it did. */
  recentRecoveryBy: DeliveryMethod | null
}

const methods: readonly DeliveryMethod[] = ['email', 'sms']
const otherThan = (method: DeliveryMethod): DeliveryMethod => (method === 'email' ? 'sms' : 'email')

export function hasProvenContact(facts: Pick<CodeChannelFacts, 'provenAt'>): boolean {
  return methods.some((method) => facts.provenAt[method] !== null)
}

/** An account that never passed a code: its first one goes to the record (H2). */
export const isNewToCodes = (facts: Pick<CodeChannelFacts, 'provenAt' | 'hasPassedCode'>) =>
  !facts.hasPassedCode && !hasProvenContact(facts)

export function codeChannels(facts: CodeChannelFacts, now: Date): CodeChannels {
  const isProvenOnly = facts.isChallenge || facts.isReconfirmationRequired
  const firstRefusal = (method: DeliveryMethod): ChannelRefusal | null => {
    if (isNewToCodes(facts)) return facts.isTrusted[method] ? null : 'notOnRecord'
    if (isProvenOnly && facts.provenAt[method] === null) return 'notProven'
    return null
  }
  const refusal = { email: firstRefusal('email'), sms: firstRefusal('sms') }

  const via = facts.recoveredVia
  const isCoolingOff =
    via !== null &&
    facts.recoveredAt !== null &&
    now.getTime() - facts.recoveredAt.getTime() < recoveryCoolingOffMs
  // "When the member has one": a proven contact on the other channel that a code may reach.
  const other = via && otherThan(via)
  const isTurnedAway =
    isCoolingOff &&
    via !== null &&
    other !== null &&
    refusal[via] === null &&
    refusal[other] === null &&
    facts.provenAt[other] !== null
  if (isTurnedAway && via) refusal[via] = 'afterRecovery'
  return { refusal, recentRecoveryBy: isTurnedAway ? via : null }
}
