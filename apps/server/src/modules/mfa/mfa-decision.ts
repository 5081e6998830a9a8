// The second factor's decision at login (spec §4 "MFA status mapping"; DESIGN.md "MFA
// decisions"): passed, enrol, or challenge.
import { findProgram, mfaScreens } from '@portal/contract'
import type { AuditEntry } from '../../store/audit.repo.ts'
import type { UserRow } from '../../store/users.repo.ts'
import type { DeviceMarks } from './device-trust.ts'
import {
  hasVerifiedContact,
  isFullyProven,
  response,
  type MfaContext,
  type MfaOutcome,
} from './mfa-common.ts'

export function mfaDecision({ repo, devices, mfaExemptPrograms }: MfaContext) {
  return {
    /** Spec §4 status table, decided here (DESIGN.md "MFA decisions"). */
    async decide(user: UserRow, marks: DeviceMarks): Promise<MfaOutcome> {
      const program = findProgram(user.program)
      if (program && mfaExemptPrograms.includes(program.code)) {
        return { kind: 'passed', response: response({ statusCode: 'ABORT_MFA', nextScreen: '' }) }
      }
      // The details and the device in one query; without the cookie no device is recognised.
      const found = await repo.contactAndDevice(
        user.id,
        devices.hashOf(marks),
        devices.trustedSince(),
      )
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
      const allow = response({ statusCode: 'ALLOW_LOGIN', nextScreen: '' })
      // Recorded by the flow's move to 'authenticated', in the same statement.
      const audit: AuditEntry = { event: 'mfa.known_device', userId: user.id }
      if (marks.cookie && found?.isKnownDevice === true) {
        return { kind: 'passed', response: allow, audit }
      }
      // A device print trusted before the cookie: honoured this once, then the cookie's.
      const deviceMark = await devices.takeOverPrint(user.id, marks)
      if (deviceMark) return { kind: 'passed', response: allow, deviceMark, audit }
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
