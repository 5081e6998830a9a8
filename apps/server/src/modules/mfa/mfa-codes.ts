// The second factor's codes: sending one, checking one (with the lock of the lockout
// policy), and the support request that opens an incident.
import type { DeviceMarks } from './device-trust.ts'
import { randomInt } from 'node:crypto'
import {
  limits,
  messages,
  mfaScreens,
  type CwMfaResponse,
  type MfaDeliveryMethod,
} from '@portal/contract'
import { templates } from '../../delivery/templates.ts'
import { ServiceUnavailable } from '../../lib/unavailable.ts'
import { safeEqual } from '../../lib/crypto.ts'
import { mfaRepo } from '../../store/mfa.repo.ts'
import { sessionsRepo } from '../../store/sessions.repo.ts'
import { usersRepo, type UserRow } from '../../store/users.repo.ts'
import { areCodeTriesSpent, codeLockReason, codeTriesBeforeLock } from '../signin/lockout-policy.ts'
import type { ChannelRefusal } from './code-channels.ts'
import { MfaRefusal, response, type MfaContext, type MfaOutcome } from './mfa-common.ts'

const refusalMessages: Record<ChannelRefusal, string> = {
  notOnRecord: messages.mfa.firstCodeOnRecord,
  notProven: messages.mfa.codeToProvenOnly,
  afterRecovery: messages.mfa.codeAfterRecovery,
}

export function mfaCodes(context: MfaContext) {
  const {
    db,
    repo,
    users,
    audit,
    writer,
    clock,
    brand,
    codeHash,
    recipientOf,
    devices,
    doneScreen,
    channelsFor,
  } = context

  /** A ticket number; when the day's numbers are (nearly) all taken, try again in a minute. */
  async function openIncident(userId: number, reason: string, now: Date): Promise<string> {
    const incidentID = await repo.openIncident(userId, reason, now)
    if (incidentID === undefined) throw new ServiceUnavailable(60, 'no free incident number')
    return incidentID
  }

  async function lockOut(user: UserRow, reason: string): Promise<MfaOutcome> {
    const now = clock.now()
    const incidentID = await openIncident(user.id, reason, now)
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
    /**
     * Sends a fresh code by the chosen method; any earlier code stops working. Where it may
     * go is code-channels.ts's to say.
     */
    async sendCode(
      user: UserRow,
      method: MfaDeliveryMethod,
      { isChallenge }: { isChallenge: boolean },
    ): Promise<CwMfaResponse> {
      const contact = await repo.contactOf(user.id)
      if (!contact) {
        return response({
          statusCode: 'RE_ENROLL',
          mfaStatusCode: 'NEWUSER',
          nextScreen: mfaScreens.verificationInfoStep2,
        })
      }
      // SECURITY (issue 32): the record's contacts first, proven ones after a reset, the
      // other channel after a recovery (code-channels.ts).
      const refusal = (await channelsFor(user, contact, { isChallenge })).refusal[method]
      if (refusal) {
        await audit.record({
          event: 'mfa.code_refused',
          userId: user.id,
          detail: { method, refusal },
        })
        throw new MfaRefusal(refusalMessages[refusal])
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
          limits.verificationCodeTtlMinutes,
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
    async verifyCode(user: UserRow, code: string, marks: DeviceMarks): Promise<MfaOutcome> {
      const wrong = (): MfaOutcome => ({
        kind: 'continue',
        response: response({
          statusCode: 'AUTHENTICATION_FAILED',
          nextScreen: mfaScreens.verificationInfoStep3,
        }),
      })
      const spent = await users.spendCodeAttempt(user.id, codeTriesBeforeLock)
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
        if (areCodeTriesSpent(spent.mfaFailedAttempts)) return lockOut(user, codeLockReason)
        return wrong()
      }
      await users.clearCodeAttempts(user.id)
      await repo.markVerified(user.id, method, now)
      const deviceMark = await devices.remember(user.id, marks)
      await audit.record({ event: 'mfa.passed', userId: user.id })
      return {
        kind: 'passed',
        response: response({ statusCode: 'AUTHENTICATION_SUCCESS', nextScreen: doneScreen(user) }),
        deviceMark,
      }
    },

    async support(user: UserRow): Promise<CwMfaResponse> {
      const incidentID = await openIncident(
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
