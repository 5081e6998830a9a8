// The second factor's decision at login (spec §4 "MFA status mapping"; DESIGN.md "MFA
// decisions"): passed, enrol, or challenge.
import { findProgram, mfaScreens } from '@portal/contract'
import type { AuditEntry } from '../../store/audit.repo.ts'
import type { DeviceLookup, MfaContactRow, SecondFactorFacts } from '../../store/mfa.repo.ts'
import type { SessionUser } from '../../store/users.repo.ts'
import { isDeadEnd, otherChannelThan } from './code-channels.ts'
import type { DeviceMarks } from './device-trust.ts'
import {
  hasVerifiedContact,
  isFullyProven,
  response,
  type MfaContext,
  type MfaDeps,
  type MfaOutcome,
} from './mfa-common.ts'

export function mfaDecision(deps: MfaDeps, helpers: MfaContext) {
  const { mfaExemptPrograms, clock } = deps
  const { mfa: repo, audit: auditLog } = deps.store
  const { devices, channelsFor, hasContactOnFile, openIncident } = helpers
  /**
   * M9 (issue 40): after a recovery, a code may go only by the other channel. With no contact
   * there on the account, the record or the customer's file, nothing can be sent: the member
   * calls support with a ticket, as after a lockout.
   */
  async function isRecoveryDeadEnd(user: SessionUser, contact: MfaContactRow | undefined) {
    const via = user.recoveredVia
    if (via === null) return false
    if (!contact) return !(await hasContactOnFile(user, otherChannelThan(via)))
    return isDeadEnd(await channelsFor(user, contact, { isChallenge: false }))
  }

  const deviceLookup = (marks: DeviceMarks): DeviceLookup => ({
    // Without the cookie no device is recognised.
    devicePrintHash: devices.hashOf(marks),
    since: devices.trustedSince(),
  })
  return {
    /** The browser's device as decide() looks it up: read with the session by the guard. */
    deviceLookup,

    /**
     * Spec §4 status table, decided here (DESIGN.md "MFA decisions"). `read`: the member's
     * contact and device trust for deviceLookup(marks), when the guard read them with the
     * session; read here otherwise.
     */
    async decide(
      user: SessionUser,
      marks: DeviceMarks,
      read?: SecondFactorFacts,
    ): Promise<MfaOutcome> {
      const program = findProgram(user.program)
      if (program && mfaExemptPrograms.includes(program.code)) {
        return { kind: 'passed', response: response({ statusCode: 'ABORT_MFA', nextScreen: '' }) }
      }
      const found = read ?? (await repo.contactAndDevice(user.id, deviceLookup(marks)))
      const { contact } = found
      if (await isRecoveryDeadEnd(user, contact)) {
        const reason = 'no other channel for the code after a recovery'
        const incidentID = await openIncident(user.id, reason, clock.now())
        await auditLog.record({
          event: 'mfa.support_requested',
          userId: user.id,
          detail: { incidentID, reason },
        })
        return {
          kind: 'continue',
          response: response({
            statusCode: 'INCIDENT_CREATED',
            incidentID,
            nextScreen: mfaScreens.support,
          }),
        }
      }
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
            // Spec §3 asks only the country code; the number is not for the password alone to
            // read (issue 40, P2: the target of a SIM swap).
            contactDetails: { phoneList: [{ countryCode: contact.dialPrefix }] },
          }),
        }
      }
      const allow = response({ statusCode: 'ALLOW_LOGIN', nextScreen: '' })
      // Recorded by the flow's move to 'authenticated', in the same statement.
      const audit: AuditEntry = { event: 'mfa.known_device', userId: user.id }
      if (marks.cookie && found.isKnownDevice) {
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
