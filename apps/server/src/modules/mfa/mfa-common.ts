// What the parts of the second factor share (mfa.service.ts puts them together): the
// cwMFAResponse every answer is, the outcomes the sign-in flow moves on, the facts about a
// contact, and the keys and helpers each part uses.
import { deviceTrust } from './device-trust.ts'
import {
  findProgram,
  myAccountScreen,
  programRulesOf,
  type CwMfaResponse,
  type MfaContact,
  type MfaDeliveryMethod,
  type ProgramCode,
  serviceText,
  type MessageKey,
  type ServiceText,
} from '@portal/contract'
import type { OutboxWriter } from '../../delivery/outbox.ts'
import { brandOf } from '../../delivery/templates.ts'
import { toE164 } from '../../delivery/transports.ts'
import type { Clock } from '../../lib/clock.ts'
import { hmac } from '../../lib/crypto.ts'
import type { AuditEntry } from '../../store/audit.repo.ts'
import type { Store } from '../../store/index.ts'
import { isEmailOnRecord, isPhoneOnRecord } from '../customer/customer-contacts.ts'
import { ServiceUnavailable } from '../../lib/unavailable.ts'
import type { MfaContactRow } from '../../store/mfa.repo.ts'
import type { SessionUser } from '../../store/users.repo.ts'
import { codeChannels, isNewToCodes, otherChannelThan, type CodeChannels } from './code-channels.ts'

type Answer = Partial<Omit<CwMfaResponse, 'nextScreen'>> & { nextScreen: string }

export function response(answer: Answer): CwMfaResponse {
  return {
    statusCode: null,
    mfaStatusCode: null,
    mfaErrorCode: null,
    incidentID: null,
    contactDetails: null,
    ...answer,
  }
}

export type MfaOutcome =
  | { kind: 'continue'; response: CwMfaResponse }
  /** RE_ENROLL: details to enter (none proven yet) or to confirm, then a code proves them. */
  | { kind: 'enrol'; response: CwMfaResponse }
  /** Both contacts proven: a code sent to one of them must be entered. */
  | { kind: 'challenge'; response: CwMfaResponse }
  /**
   * The second factor is passed or not asked for: the session may be handed off.
   * `deviceMark`: the trusted-device cookie to set (device-trust.ts). `audit`: the entry the
   * flow's move writes in its own statement (flow-guard.ts `advance`).
   */
  | { kind: 'passed'; response: CwMfaResponse; deviceMark?: string; audit?: AuditEntry }
  /** Locked: every session of the user has ended. */
  | { kind: 'locked'; response: CwMfaResponse }

/**
 * Thrown when a call asks for what this sign-in may not do yet. `isInputRefused`: what was
 * typed cannot be used here, and the message tells the member what to type instead (400).
 */
export class MfaRefusal extends Error {
  readonly text: ServiceText
  constructor(
    text: MessageKey | ServiceText,
    readonly isInputRefused = false,
  ) {
    const said = typeof text === 'string' ? serviceText(text) : text
    super(said.english)
    this.text = said
  }
}

/**
 * The account's contacts have been proven by a code (and are not awaiting reconfirmation
 * after an unlock). From then on they change only after this sign-in's code: enrolling
 * before the code is for accounts that never proved any.
 */
export function hasVerifiedContact(contact: MfaContactRow | undefined): boolean {
  return contact !== undefined && !contact.isReconfirmationRequired && contact.verifiedAt !== null
}

export const isProven = (contact: MfaContactRow, method: MfaDeliveryMethod) =>
  (method === 'email' ? contact.emailVerifiedAt : contact.phoneVerifiedAt) !== null

/** Both contacts proven by codes sent to them: the plain challenge of spec §4. */
export const isFullyProven = (contact: MfaContactRow) =>
  isProven(contact, 'email') && isProven(contact, 'sms')

/** Whether saving `contact` would change where codes go. */
export const isRebinding = (previous: MfaContactRow, contact: MfaContact, dialPrefix: string) =>
  previous.emailAddress !== contact.emailAddress ||
  previous.phoneNumber !== contact.phoneNumber ||
  previous.dialPrefix !== dialPrefix

export interface MfaDeps {
  store: Store
  writer: OutboxWriter
  clock: Clock
  /** Keys the code hashes: a copy of the database cannot try all million codes offline. */
  codeKey: Buffer
  deviceKey: Buffer
  deviceTrustDays: number
  /** The host of a text-message code's origin-bound line (`@host #code`); none when unset. */
  smsOriginHost?: string | undefined
  mfaExemptPrograms: readonly ProgramCode[]
  mailingPhone(program: string): Promise<string | undefined>
  /** The zone the new-device notice writes its time in (SUPPORT_TIME_ZONE). */
  timeZone: string
  /** The portal's address for links in messages ('https://portal.example'); none when unknown. */
  portalOrigin?: string | undefined
}

/** The keys and helpers every part of the second factor uses (beside its deps). */
export function mfaContext(deps: MfaDeps) {
  const { store, codeKey } = deps
  return {
    // Bound to where the code went: entered after the contact changed, it proves nothing.
    // And to the sign-in that asked for it (issue 40, C2; ASVS 6.6.2): `signInId` is the
    // random value its session keeps (mfa.routes.ts), so another sign-in of the same member
    // cannot use it.
    codeHash: (userId: number, recipient: string, signInId: string, code: string) =>
      hmac(codeKey, `${userId}:${recipient}:${signInId}:${code}`),
    recipientOf: (contact: MfaContactRow, method: MfaDeliveryMethod) =>
      method === 'email' ? contact.emailAddress : toE164(contact.phoneNumber, contact.dialPrefix),
    devices: deviceTrust({ ...deps, repo: store.mfa, audit: store.audit }),
    brand: async (user: SessionUser): Promise<ReturnType<typeof brandOf>> =>
      brandOf(user.program, await deps.mailingPhone(user.program), user.locale),
    /**
     * Where a code may go for this user now (code-channels.ts). The customer record is read
     * only while no contact is proven, or none on the other channel after a recovery: a new
     * account's first code, and the code after a recovery, go to a contact on it, or to the
     * one the account was made with (registration checked it against the record).
     */
    channelsFor: async (
      user: SessionUser,
      contact: MfaContactRow,
      { isChallenge }: { isChallenge: boolean },
    ): Promise<CodeChannels> => {
      const provenAt = {
        email: contact.emailVerifiedAt ?? null,
        sms: contact.phoneVerifiedAt ?? null,
      }
      const hasPassedCode = contact.verifiedAt !== null
      const isOtherUnproven =
        user.recoveredVia !== null && provenAt[otherChannelThan(user.recoveredVia)] === null
      const record =
        isNewToCodes({ provenAt, hasPassedCode }) || isOtherUnproven
          ? await store.customers.findByCustnum(user.custnum)
          : undefined
      const digits = (value: string | null) => (value ?? '').replace(/\D/g, '')
      // Record numbers are North American: the same ten digits behind another dial prefix
      // are someone else's phone.
      const isNorthAmerican = contact.dialPrefix === '1'
      const isTrusted = {
        email:
          (record !== undefined && isEmailOnRecord(record, contact.emailAddress)) ||
          contact.emailAddress.trim().toLowerCase() === (user.email ?? '').trim().toLowerCase(),
        sms:
          isNorthAmerican &&
          ((record !== undefined && isPhoneOnRecord(record, contact.phoneNumber)) ||
            (digits(user.phone).length === 10 &&
              digits(user.phone) === digits(contact.phoneNumber))),
      }
      return codeChannels({
        provenAt,
        hasPassedCode,
        isTrusted,
        isReconfirmationRequired: contact.isReconfirmationRequired,
        isChallenge,
        recoveredVia: user.recoveredVia,
      })
    },
    /**
     * Whether the customer record or the account has a contact for `method` at all (M9: a
     * member recovering without enrolled contacts needs one on the other channel).
     */
    hasContactOnFile: async (user: SessionUser, method: MfaDeliveryMethod): Promise<boolean> => {
      const record = await store.customers.findByCustnum(user.custnum)
      const tenDigits = (value: string | null | undefined) =>
        (value ?? '').replace(/\D/g, '').length >= 10
      if (method === 'email') {
        const emails = [
          user.email,
          record?.primaryEmailAddress,
          record?.emailAddr,
          record?.emailaddrcc,
        ]
        return emails.some((email) => (email ?? '').trim() !== '')
      }
      return [user.phone, record?.phone1, record?.phone2, record?.phone3].some(tenDigits)
    },
    /** A ticket number (in `within`, a transaction's store, when given); when the day's
     * numbers are (nearly) all taken, try again in a minute. */
    openIncident: async (userId: number, reason: string, now: Date, within: Store = store) => {
      const incidentID = await within.mfa.openIncident(userId, reason, now)
      if (incidentID === undefined)
        throw new ServiceUnavailable(60, 'no free incident number', 'incident_numbers')
      return incidentID
    },
    /** After the second factor: the program landing when it has one, else the hand-off. */
    doneScreen: (user: SessionUser) => {
      const program = findProgram(user.program)
      return program && programRulesOf(program.code).landingPath ? myAccountScreen : ''
    },
  }
}

export type MfaContext = ReturnType<typeof mfaContext>
