// The second factor's decision at login (spec §4 "MFA status mapping"; DESIGN.md "MFA
// decisions"): passed, enrol, or challenge.
import { findProgram, mfaScreens } from '@portal/contract'
import type { UserRow } from '../../store/users.repo.ts'
import {
  hasVerifiedContact,
  isFullyProven,
  response,
  type MfaContext,
  type MfaOutcome,
} from './mfa-common.ts'

export function mfaDecision({
  repo,
  audit,
  clock,
  deviceHash,
  deviceTrustDays,
  mfaExemptPrograms,
}: MfaContext) {
  return {
    /** Spec §4 status table, decided here (DESIGN.md "MFA decisions"). */
    async decide(user: UserRow, devicePrint: string): Promise<MfaOutcome> {
      const program = findProgram(user.program)
      if (program && mfaExemptPrograms.includes(program.code)) {
        return { kind: 'passed', response: response({ statusCode: 'ABORT_MFA', nextScreen: '' }) }
      }
      // The details and the device in one query; without a print no device is recognised.
      const since = new Date(clock.now().getTime() - deviceTrustDays * 86_400_000)
      const found = await repo.contactAndDevice(user.id, deviceHash(devicePrint), since)
      const contact = found?.contact
      if (!contact) {
        return {
          kind: 'enrol',
          response: response({
            statusCode: 'RE_ENROLL',
            mfaStatusCode: 'NEWUSER',
            nextScreen: mfaScreens.verificationInfoStep2,
          }),
        }
      }
      // Details not (all) proven are confirmed first (screen 9). When the account proved
      // contacts before, confirming may not change them (see updateContact): the unproven
      // one was set by a sign-in that had passed a code, on the update path.
      if (!hasVerifiedContact(contact) || !isFullyProven(contact)) {
        return {
          kind: 'enrol',
          response: response({
            statusCode: 'RE_ENROLL',
            mfaStatusCode: contact.isReconfirmationRequired ? 'UNLOCKED' : 'UNVERIFIED',
            nextScreen: mfaScreens.confirmVerificationInfoStep1,
            contactDetails: {
              phoneList: [{ countryCode: contact.dialPrefix, phoneNumber: contact.phoneNumber }],
            },
          }),
        }
      }
      if (devicePrint && found?.isKnownDevice === true) {
        await audit.record({ event: 'mfa.known_device', userId: user.id })
        return { kind: 'passed', response: response({ statusCode: 'ALLOW_LOGIN', nextScreen: '' }) }
      }
      return {
        kind: 'challenge',
        response: response({
          statusCode: 'CHALLENGE_LOGIN',
          nextScreen: mfaScreens.verificationInfoStep1,
        }),
      }
    },
  }
}
