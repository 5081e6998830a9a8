// The second factor (spec §4 "MFA status mapping", "MFA screens"; DESIGN.md "MFA decisions").
// Every answer is a cwMFAResponse whose nextScreen tells the portal where to go.
import { randomInt } from 'node:crypto'
import {
  findProgram,
  invalidMobileErrorCode,
  limits,
  maskEmail,
  maskPhone,
  mfaScreens,
  myAccountScreen,
  type ProgramCode,
  type CwMfaResponse,
  type MfaContact,
  type MfaDeliveryMethod,
  type MfaDetails,
} from '@portal/contract'
import type { OutboxWriter } from '../../delivery/outbox.ts'
import { brandOf, templates } from '../../delivery/templates.ts'
import { noticeToCustomerRecord } from '../../delivery/owner-notice.ts'
import { toE164 } from '../../delivery/transports.ts'
import type { Clock } from '../../lib/clock.ts'
import { hmac, safeEqual } from '../../lib/crypto.ts'
import type { auditRepo } from '../../store/audit.repo.ts'
import type { Db } from '../../store/db.ts'
import { customersRepo } from '../../store/customers.repo.ts'
import { mfaRepo, type MfaContactRow } from '../../store/mfa.repo.ts'
import { sessionsRepo } from '../../store/sessions.repo.ts'
import type { UserRow } from '../../store/users.repo.ts'
import { usersRepo } from '../../store/users.repo.ts'

type Answer = Partial<Omit<CwMfaResponse, 'nextScreen'>> & { nextScreen: string }

function response(answer: Answer): CwMfaResponse {
  return {
    statusCode: null,
    mfaStatusCode: null,
    mfaErrorCode: null,
    incidentID: null,
    contactDetails: null,
    ...answer,
  }
}

/** North American numbers: area code and exchange do not start with 0 or 1. */
export function isValidMobile(phoneNumber: string, dialPrefix: string): boolean {
  if (dialPrefix !== '1') return /^\d{3}-\d{3}-\d{4}$/.test(phoneNumber)
  return /^[2-9]\d{2}-[2-9]\d{2}-\d{4}$/.test(phoneNumber)
}

export type MfaOutcome =
  | { kind: 'continue'; response: CwMfaResponse }
  /** RE_ENROLL: details to enter (none proven yet) or to confirm, then a code proves them. */
  | { kind: 'enrol'; response: CwMfaResponse }
  /** Both contacts proven: a code sent to one of them must be entered. */
  | { kind: 'challenge'; response: CwMfaResponse }
  /** The second factor is passed or not asked for: the session may be handed off. */
  | { kind: 'passed'; response: CwMfaResponse }
  /** Locked: every session of the user has ended. */
  | { kind: 'locked'; response: CwMfaResponse }

/** Thrown when a call asks for what this sign-in may not do yet. */
export class MfaRefusal extends Error {}

/**
 * The account's contacts have been proven by a code (and are not awaiting reconfirmation
 * after an unlock). From then on they change only after this sign-in's code: enrolling
 * before the code is for accounts that never proved any.
 */
export function hasVerifiedContact(contact: MfaContactRow | undefined): boolean {
  return contact !== undefined && !contact.isReconfirmationRequired && contact.verifiedAt !== null
}

const isProven = (contact: MfaContactRow, method: MfaDeliveryMethod) =>
  (method === 'email' ? contact.emailVerifiedAt : contact.phoneVerifiedAt) !== null

/** Both contacts proven by codes sent to them: the plain challenge of spec §4. */
const isFullyProven = (contact: MfaContactRow) =>
  isProven(contact, 'email') && isProven(contact, 'sms')

/** Whether saving `contact` would change where codes go. */
const isRebinding = (previous: MfaContactRow, contact: MfaContact, dialPrefix: string) =>
  previous.emailAddress !== contact.emailAddress ||
  previous.phoneNumber !== contact.phoneNumber ||
  previous.dialPrefix !== dialPrefix

interface Deps {
  db: Db
  audit: ReturnType<typeof auditRepo>
  writer: OutboxWriter
  clock: Clock
  /** Keys the code hashes: a copy of the database cannot try all million codes offline. */
  codeKey: Buffer
  deviceKey: Buffer
  deviceTrustDays: number
  mfaExemptPrograms: readonly ProgramCode[]
  mailingPhone(program: string): Promise<string | undefined>
}

export function mfaService(deps: Deps) {
  const { db, audit, writer, clock, codeKey, deviceKey, deviceTrustDays, mfaExemptPrograms } = deps
  const repo = mfaRepo(db)
  const users = usersRepo(db)
  // Bound to where the code went: entered after the contact changed, it proves nothing.
  const codeHash = (userId: number, recipient: string, code: string) =>
    hmac(codeKey, `${userId}:${recipient}:${code}`)
  const recipientOf = (contact: MfaContactRow, method: MfaDeliveryMethod) =>
    method === 'email' ? contact.emailAddress : toE164(contact.phoneNumber, contact.dialPrefix)
  const deviceHash = (devicePrint: string) => hmac(deviceKey, devicePrint)
  const brand = async (user: UserRow) =>
    brandOf(user.program, await deps.mailingPhone(user.program))

  /** After the second factor: the program landing when it has one, else the hand-off. */
  const doneScreen = (user: UserRow) =>
    findProgram(user.program)?.landingPath ? myAccountScreen : ''

  async function lockOut(user: UserRow, reason: string): Promise<MfaOutcome> {
    const now = clock.now()
    const incidentID = await repo.openIncident(user.id, reason, now)
    const notice = templates.lockout(await brand(user))
    await db.transaction(async (tx) => {
      await usersRepo(tx).lock(user.id)
      await mfaRepo(tx).deleteCode(user.id)
      // Every sign-in of the user ends, on this device and on any other.
      await sessionsRepo(tx).removeAllOf(user.id)
      if (user.email) {
        await writer.enqueue(tx, {
          channel: 'email',
          recipient: user.email,
          program: user.program,
          message: notice,
        })
      }
    })
    await audit.record({ event: 'mfa.locked', userId: user.id, detail: { incidentID } })
    return {
      kind: 'locked',
      response: response({ statusCode: 'LOCKOUT', incidentID, nextScreen: mfaScreens.support }),
    }
  }

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

    /**
     * The details for the screens. While a code is still owed (`isMasked`), only the proven
     * contacts, masked: enough to choose where the code goes, nothing to read.
     */
    async details(user: UserRow, { isMasked }: { isMasked: boolean }): Promise<MfaDetails> {
      const contact = await repo.contactOf(user.id)
      if (isMasked) {
        return {
          userName: user.username,
          emailAddress:
            contact && isProven(contact, 'email') ? maskEmail(contact.emailAddress) : null,
          typeOfEmailAddress: null,
          phoneNumber: contact && isProven(contact, 'sms') ? maskPhone(contact.phoneNumber) : null,
          typeOfPhoneNumber: null,
          geoCountryId: null,
        }
      }
      return {
        userName: user.username,
        emailAddress: contact?.emailAddress ?? user.email,
        typeOfEmailAddress:
          (contact?.typeOfEmailAddress as MfaDetails['typeOfEmailAddress']) ?? null,
        phoneNumber:
          contact?.phoneNumber ??
          (user.phone ? user.phone.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3') : null),
        typeOfPhoneNumber: (contact?.typeOfPhoneNumber as MfaDetails['typeOfPhoneNumber']) ?? null,
        geoCountryId: contact?.countryName ?? null,
      }
    },

    /**
     * Saves (new or confirmed) verification details. While enrolling the next step is the
     * choice of delivery; before the code only an account that never proved contacts may
     * enter new ones (the others may confirm theirs unchanged). After the second factor
     * (the "update" path) the user is done.
     */
    async updateContact(
      user: UserRow,
      contact: MfaContact,
      dialPrefix: string,
      isSignedIn: boolean,
    ): Promise<CwMfaResponse> {
      if (!isValidMobile(contact.phoneNumber, dialPrefix)) {
        return response({
          statusCode: 'ERROR_MFA',
          mfaErrorCode: invalidMobileErrorCode,
          nextScreen: '',
        })
      }
      const previous = await repo.contactOf(user.id)
      if (
        !isSignedIn &&
        previous &&
        hasVerifiedContact(previous) &&
        isRebinding(previous, contact, dialPrefix)
      ) {
        // SECURITY: proven contacts are changed only after this sign-in passed the code (C1).
        await audit.record({ event: 'mfa.contact_change_refused', userId: user.id })
        throw new MfaRefusal('Verified contact details can be changed after the code only.')
      }
      const b = await brand(user)
      const customer = previous ? undefined : await customersRepo(db).findByCustnum(user.custnum)
      await db.transaction(async (tx) => {
        await mfaRepo(tx).saveContact(
          user.id,
          {
            typeOfEmailAddress: contact.typeOfEmailAddress,
            emailAddress: contact.emailAddress,
            typeOfPhoneNumber: contact.typeOfPhoneNumber,
            phoneNumber: contact.phoneNumber,
            countryName: contact.geoCountryId,
            dialPrefix,
          },
          clock.now(),
        )
        if (!previous) {
          // First enrolment: the customer record's own contacts hear where codes will go.
          const notice = templates.contactsEnrolled(
            b,
            maskEmail(contact.emailAddress) ?? '',
            maskPhone(contact.phoneNumber) ?? '',
          )
          await noticeToCustomerRecord(tx, writer, customer, user.program, notice)
          return
        }
        // The notices go to the old contacts: the owner hears of a change they did not make.
        const notice = templates.contactChanged(b)
        if (previous.emailAddress !== contact.emailAddress) {
          await writer.enqueue(tx, {
            channel: 'email',
            recipient: previous.emailAddress,
            program: user.program,
            message: notice,
          })
        }
        if (previous.phoneNumber !== contact.phoneNumber) {
          await writer.enqueue(tx, {
            channel: 'sms',
            recipient: toE164(previous.phoneNumber, previous.dialPrefix),
            program: user.program,
            message: notice,
          })
        }
      })
      await audit.record({ event: 'mfa.contact_saved', userId: user.id })
      return response({
        statusCode: isSignedIn ? 'VERIFIED' : 'CHALLENGE_LOGIN',
        nextScreen: isSignedIn ? '' : mfaScreens.verificationInfoStep1,
      })
    },

    /**
     * Sends a fresh code by the chosen method; any earlier code stops working. At a
     * challenge (`isProvenOnly`) codes go only to a contact already proven.
     */
    async sendCode(
      user: UserRow,
      method: MfaDeliveryMethod,
      { isProvenOnly }: { isProvenOnly: boolean },
    ): Promise<CwMfaResponse> {
      const contact = await repo.contactOf(user.id)
      if (!contact) {
        return response({
          statusCode: 'RE_ENROLL',
          mfaStatusCode: 'NEWUSER',
          nextScreen: mfaScreens.verificationInfoStep2,
        })
      }
      if (isProvenOnly && !isProven(contact, method)) {
        throw new MfaRefusal('Codes go only to a verified contact.')
      }
      const code = String(randomInt(1_000_000)).padStart(limits.verificationCodeLength, '0')
      const recipient = recipientOf(contact, method)
      const message = templates.verificationCode(await brand(user), code)
      await db.transaction(async (tx) => {
        await mfaRepo(tx).replaceCode(
          user.id,
          codeHash(user.id, recipient, code),
          method,
          clock.now(),
        )
        await writer.enqueue(tx, {
          channel: method,
          recipient,
          program: user.program,
          message,
        })
      })
      await audit.record({ event: 'mfa.code_sent', userId: user.id, detail: { method } })
      return response({
        statusCode: 'CHALLENGE_SUCCESS',
        nextScreen: mfaScreens.verificationInfoStep3,
      })
    },

    /**
     * Six wrong codes lock the account, however many new codes were sent between them; the
     * count starts again only when a code passes (or a reset unlocks the account).
     */
    async verifyCode(user: UserRow, code: string, devicePrint: string): Promise<MfaOutcome> {
      const wrong = (): MfaOutcome => ({
        kind: 'continue',
        response: response({
          statusCode: 'AUTHENTICATION_FAILED',
          nextScreen: mfaScreens.verificationInfoStep3,
        }),
      })
      const spent = await users.spendCodeAttempt(user.id)
      if (!spent) return wrong()
      const now = clock.now()
      const [sent, contact] = await Promise.all([
        repo.currentCode(user.id),
        repo.contactOf(user.id),
      ])
      const method = sent?.deliveryMethod === 'sms' ? 'sms' : 'email'
      const expected = contact && codeHash(user.id, recipientOf(contact, method), code)
      const isRight =
        sent !== undefined &&
        expected !== undefined &&
        sent.expiresAt > now &&
        safeEqual(sent.codeHash, expected) &&
        (await repo.consumeCode(user.id, sent.codeHash))
      if (!isRight) {
        await audit.record({
          event: 'mfa.code_rejected',
          userId: user.id,
          detail: { attempts: spent.mfaFailedAttempts },
        })
        if (spent.mfaFailedAttempts >= limits.verificationCodeMaxAttempts) {
          return lockOut(user, `${limits.verificationCodeMaxAttempts} wrong verification codes`)
        }
        return wrong()
      }
      await users.clearCodeAttempts(user.id)
      await repo.markVerified(user.id, method, now)
      if (devicePrint) await repo.rememberDevice(user.id, deviceHash(devicePrint), now)
      await audit.record({ event: 'mfa.passed', userId: user.id })
      return {
        kind: 'passed',
        response: response({ statusCode: 'AUTHENTICATION_SUCCESS', nextScreen: doneScreen(user) }),
      }
    },

    async support(user: UserRow): Promise<CwMfaResponse> {
      const incidentID = await repo.openIncident(
        user.id,
        'support requested during verification',
        clock.now(),
      )
      await audit.record({
        event: 'mfa.support_requested',
        userId: user.id,
        detail: { incidentID },
      })
      return response({
        statusCode: 'INCIDENT_CREATED',
        incidentID,
        nextScreen: mfaScreens.support,
      })
    },
  }
}
