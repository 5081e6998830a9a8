// The second factor (spec §4 "MFA status mapping", "MFA screens"; DESIGN.md "MFA decisions").
// Every answer is a cwMFAResponse whose nextScreen tells the portal where to go.
import { randomInt } from 'node:crypto'
import {
  findProgram,
  invalidMobileErrorCode,
  limits,
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
import { toE164 } from '../../delivery/transports.ts'
import type { Clock } from '../../lib/clock.ts'
import { hmac, safeEqual } from '../../lib/crypto.ts'
import type { auditRepo } from '../../store/audit.repo.ts'
import type { Db } from '../../store/db.ts'
import { mfaRepo } from '../../store/mfa.repo.ts'
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
  /** The second factor is passed or not asked for: the session may be handed off. */
  | { kind: 'passed'; response: CwMfaResponse }
  /** Locked: the session ends. */
  | { kind: 'locked'; response: CwMfaResponse }

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
  const codeHash = (userId: number, code: string) => hmac(codeKey, `${userId}:${code}`)
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
      const contact = await repo.contactOf(user.id)
      if (!contact) {
        return {
          kind: 'continue',
          response: response({
            statusCode: 'RE_ENROLL',
            mfaStatusCode: 'NEWUSER',
            nextScreen: mfaScreens.verificationInfoStep2,
          }),
        }
      }
      if (contact.isReconfirmationRequired || !contact.verifiedAt) {
        return {
          kind: 'continue',
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
      const since = new Date(clock.now().getTime() - deviceTrustDays * 86_400_000)
      if (devicePrint && (await repo.isKnownDevice(user.id, deviceHash(devicePrint), since))) {
        await audit.record({ event: 'mfa.known_device', userId: user.id })
        return { kind: 'passed', response: response({ statusCode: 'ALLOW_LOGIN', nextScreen: '' }) }
      }
      return {
        kind: 'continue',
        response: response({
          statusCode: 'CHALLENGE_LOGIN',
          nextScreen: mfaScreens.verificationInfoStep1,
        }),
      }
    },

    async details(user: UserRow): Promise<MfaDetails> {
      const contact = await repo.contactOf(user.id)
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
     * Saves (new or confirmed) verification details. While signing in the next step is the
     * choice of delivery; after the second factor (the "update" path) the user is done.
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
      const notice = templates.contactChanged(await brand(user))
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
        const isChanged =
          previous &&
          (previous.emailAddress !== contact.emailAddress ||
            previous.phoneNumber !== contact.phoneNumber)
        // The notice goes to the old address: the owner hears of a change they did not make.
        if (isChanged) {
          await writer.enqueue(tx, {
            channel: 'email',
            recipient: previous.emailAddress,
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

    /** Sends a fresh code by the chosen method; any earlier code stops working. */
    async sendCode(user: UserRow, method: MfaDeliveryMethod): Promise<CwMfaResponse> {
      const contact = await repo.contactOf(user.id)
      if (!contact) {
        return response({
          statusCode: 'RE_ENROLL',
          mfaStatusCode: 'NEWUSER',
          nextScreen: mfaScreens.verificationInfoStep2,
        })
      }
      const code = String(randomInt(1_000_000)).padStart(limits.verificationCodeLength, '0')
      const recipient =
        method === 'email' ? contact.emailAddress : toE164(contact.phoneNumber, contact.dialPrefix)
      const message = templates.verificationCode(await brand(user), code)
      await db.transaction(async (tx) => {
        await mfaRepo(tx).replaceCode(user.id, codeHash(user.id, code), method, clock.now())
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

    async verifyCode(user: UserRow, code: string, devicePrint: string): Promise<MfaOutcome> {
      const attempt = await repo.spendAttempt(user.id)
      const now = clock.now()
      const wrong = (): MfaOutcome => ({
        kind: 'continue',
        response: response({
          statusCode: 'AUTHENTICATION_FAILED',
          nextScreen: mfaScreens.verificationInfoStep3,
        }),
      })
      if (!attempt) return wrong()
      const isRight =
        attempt.expiresAt > now &&
        safeEqual(attempt.codeHash, codeHash(user.id, code)) &&
        (await repo.consumeCode(user.id, attempt.codeHash))
      if (!isRight) {
        await audit.record({
          event: 'mfa.code_rejected',
          userId: user.id,
          detail: { attempts: attempt.attempts },
        })
        if (attempt.attempts >= limits.verificationCodeMaxAttempts) {
          return lockOut(user, `${limits.verificationCodeMaxAttempts} wrong verification codes`)
        }
        return wrong()
      }
      await repo.markVerified(user.id, now)
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
