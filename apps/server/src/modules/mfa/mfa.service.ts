// The second factor (spec §4 "MFA status mapping", "MFA screens"; DESIGN.md "MFA decisions").
// Every answer is a cwMFAResponse whose nextScreen tells the portal where to go. Three
// parts: the decision at login, the contacts, and the codes.
import { mfaCodes } from './mfa-codes.ts'
import { mfaContext, type MfaDeps } from './mfa-common.ts'
import { mfaContacts } from './mfa-contacts.ts'
import { mfaDecision } from './mfa-decision.ts'

export { hasVerifiedContact, MfaRefusal, type MfaOutcome } from './mfa-common.ts'

export function mfaService(deps: MfaDeps) {
  const helpers = mfaContext(deps)
  return {
    ...mfaDecision(deps, helpers),
    ...mfaContacts(deps, helpers),
    ...mfaCodes(deps, helpers),
  }
}
