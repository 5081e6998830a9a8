// The second factor's codes: sending one, checking one (with the lock of the lockout
// policy), and the support request that opens an incident.
import type { DeviceMarks } from './device-trust.ts'
import { randomInt } from 'node:crypto'
import {
  findProgram,
  flavours,
  limits,
  mfaScreens,
  programOf,
  type CwMfaResponse,
  type Locale,
  type MfaDeliveryMethod,
  type MessageKey,
} from '@portal/contract'
import { templates } from '../../delivery/templates.ts'
import { describeUserAgent } from '../../lib/user-agent.ts'
import { safeEqual } from '../../lib/crypto.ts'
import type { SessionUser } from '../../store/users.repo.ts'
import { endSignInsAndNotify } from '../signin/lock-effects.ts'
import { areCodeTriesSpent, codeLockReason, codeTriesBeforeLock } from '../signin/lockout-policy.ts'
import { otherChannelThan, type ChannelRefusal } from './code-channels.ts'
import {
  isProven,
  MfaRefusal,
  response,
  type MfaContext,
  type MfaDeps,
  type MfaOutcome,
} from './mfa-common.ts'

const refusalMessages: Record<ChannelRefusal, MessageKey> = {
  notOnRecord: 'mfa.firstCodeOnRecord',
  notProven: 'mfa.codeToProvenOnly',
  afterRecovery: 'mfa.codeAfterRecovery',
}

export function mfaCodes(deps: MfaDeps, helpers: MfaContext) {
  const { store, writer, clock, smsOriginHost, timeZone, portalOrigin } = deps
  const { audit, mfa: repo, users } = store
  const { brand, codeHash, recipientOf, devices, doneScreen, channelsFor, openIncident } = helpers

  /**
   * Issue 40: a factor passed on a browser where none had passed before. Both proven contacts
   * hear of it in the member's language: the program, when, the browser and system, and what
   * to do if it was not them. A notice: the outbox's caps may drop it, never the sign-in.
   */
  async function noticeNewDevice(
    user: SessionUser,
    marks: DeviceMarks,
    now: Date,
    requested: Locale | null,
  ) {
    const contact = await repo.contactOf(user.id)
    if (!contact) return
    const locale = requested ?? user.locale
    const program = programOf(findProgram(user.program)?.code ?? flavours.usweb.defaultProgram)
    const recoveryPath =
      program.flavour === 'pl'
        ? '/proliability/forgot-password'
        : `/usweb/forgot-password?${new URLSearchParams({ prgName: program.code, level1Org: program.level1Org })}`
    const message = templates.newDevice(await brand({ ...user, locale }), {
      when: now,
      timeZone,
      device: describeUserAgent(marks.userAgent),
      recoveryLink: portalOrigin ? `${portalOrigin}${recoveryPath}` : null,
    })
    const recipients = [
      ...(isProven(contact, 'email')
        ? [{ channel: 'email' as const, recipient: recipientOf(contact, 'email') }]
        : []),
      ...(isProven(contact, 'sms')
        ? [{ channel: 'sms' as const, recipient: recipientOf(contact, 'sms') }]
        : []),
    ]
    await store.transaction(async (tx) => {
      for (const { channel, recipient } of recipients) {
        await writer.enqueue(tx, { channel, recipient, program: user.program, message })
      }
    })
    await audit.record({ event: 'mfa.new_device_notice', userId: user.id })
  }

  /**
   * The tries are spent: locks the account, with its incident, notice and ended sessions, all
   * or nothing. Undefined when the count no longer stands at the limit (issue 40, K1): a factor
   * passed since this try was spent (the right code, sent in parallel) cleared it, and wins.
   */
  async function lockOut(user: SessionUser, reason: string): Promise<MfaOutcome | undefined> {
    const now = clock.now()
    const notice = templates.lockout(await brand(user))
    const incidentID = await store.transaction(async (tx) => {
      if (!(await tx.users.lockWhileCodeTriesSpent(user.id, codeTriesBeforeLock))) {
        return undefined
      }
      // No free ticket number: nothing is locked, and the member tries again in a minute.
      const incident = await openIncident(user.id, reason, now, tx)
      await tx.mfa.deleteCode(user.id)
      // Every sign-in of the user ends, on this device and on any other.
      await endSignInsAndNotify(tx, writer, user, notice)
      return incident
    })
    if (incidentID === undefined) return undefined
    await audit.record({ event: 'mfa.locked', userId: user.id, detail: { incidentID } })
    return {
      kind: 'locked',
      response: response({ statusCode: 'LOCKOUT', incidentID, nextScreen: mfaScreens.support }),
    }
  }

  /**
   * Single use: of parallel right codes, one marks the code used and wins. The tries start
   * again in the same change (issue 40, K1).
   */
  const useAndClearTries = (user: SessionUser, codeHash: string, now: Date) =>
    store.transaction(async (tx) => {
      const isUsed = await tx.mfa.useCode(user.id, codeHash, now)
      if (isUsed) await tx.users.clearCodeAttempts(user.id)
      return isUsed
    })

  const codes = {
    /**
     * Sends a fresh code by the chosen method; any earlier code stops working. Where it may
     * go is code-channels.ts's to say.
     */
    async sendCode(
      user: SessionUser,
      method: MfaDeliveryMethod,
      {
        isChallenge,
        signInId,
        locale: requested,
      }: {
        isChallenge: boolean
        signInId: string
        /** The language the request names; the member's own when none. */
        locale: Locale | null
      },
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
      // The code is written in the language the member is using the portal in (issue 24).
      const locale = requested ?? user.locale
      await users.rememberLocale(user, locale)
      const message = templates.verificationCode(
        await brand({ ...user, locale }),
        code,
        smsOriginHost,
      )
      await store.transaction(async (tx) => {
        await tx.mfa.replaceCode(
          user.id,
          codeHash(user.id, recipient, signInId, code),
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
     * A try at the second factor (a code or a passkey), spent before it is judged, in one
     * atomic step: undefined when none is left (the account is locked). Six wrong ones lock
     * the account, however many codes were sent between them; the count starts again only
     * when a factor passes (or a reset unlocks the account).
     */
    spendFactorTry: (user: SessionUser) => users.spendCodeAttempt(user.id, codeTriesBeforeLock),

    /** A try that failed (a wrong code, a refused passkey): the sixth locks the account. */
    async factorFailed(
      user: SessionUser,
      attempts: number | undefined,
      event: 'mfa.code_rejected' | 'passkey.rejected',
    ): Promise<MfaOutcome> {
      if (attempts !== undefined) {
        await audit.record({ event, userId: user.id, detail: { attempts } })
        const locked = areCodeTriesSpent(attempts) && (await lockOut(user, codeLockReason))
        if (locked) return locked
      }
      return {
        kind: 'continue',
        response: response({
          statusCode: 'AUTHENTICATION_FAILED',
          nextScreen: mfaScreens.verificationInfoStep3,
          // The answer counts down the tries left (issue 27); the count is the service's own.
          attemptsLeft: Math.max(0, codeTriesBeforeLock - (attempts ?? codeTriesBeforeLock)),
        }),
      }
    },

    /**
     * The second factor passed, by a code (`proven`: the contact it went to) or a passkey:
     * the tries start again, the browser gets a new mark, trusted when `isTrusted` (the
     * member chose to remember it; device-trust.ts), a browser where no factor passed before
     * is told to the proven contacts, and the answer says where next. The one way a sign-in
     * passes its second factor; the route then moves the flow on by `codePassed`
     * (flow-guard.ts `factorPassed`) and sets the cookie.
     */
    async factorPassed(
      user: SessionUser,
      marks: DeviceMarks,
      proven: { method: MfaDeliveryMethod } | { passkey: number },
      { isTrusted = true, locale = null }: { isTrusted?: boolean; locale?: Locale | null } = {},
    ): Promise<MfaOutcome> {
      const now = clock.now()
      const hadPassedBefore = (await repo.contactOf(user.id))?.verifiedAt != null
      await users.clearCodeAttempts(user.id)
      if ('method' in proven) await repo.markVerified(user.id, proven.method, now)
      // M9: a code on the other channel than a recovery's ends its restriction (not a
      // passkey, not the passing of time: code-channels.ts).
      const via = user.recoveredVia
      if (via && 'method' in proven && proven.method === otherChannelThan(via)) {
        await users.endRecoveryRestriction(user.id, via)
      }
      const { mark, isNewDevice } = await devices.passedOn(user.id, marks, isTrusted)
      // The account's first factor is its enrolment, not news (the record heard of that).
      if (isNewDevice && hadPassedBefore) await noticeNewDevice(user, marks, now, locale)
      await audit.record({
        event: 'mfa.passed',
        userId: user.id,
        ...('passkey' in proven ? { detail: { passkey: proven.passkey } } : {}),
      })
      return {
        kind: 'passed',
        response: response({ statusCode: 'AUTHENTICATION_SUCCESS', nextScreen: doneScreen(user) }),
        deviceMark: mark,
      }
    },

    /**
     * A code typed in: a try spent, then judged against the current code, which passes only
     * in the sign-in that asked for it (`signInId`, as given to sendCode; none: no code asked).
     */
    async verifyCode(
      user: SessionUser,
      code: string,
      marks: DeviceMarks,
      signInId: string | undefined,
      { isTrusted = true, locale = null }: { isTrusted?: boolean; locale?: Locale | null } = {},
    ): Promise<MfaOutcome> {
      const spent = await codes.spendFactorTry(user)
      if (!spent) return codes.factorFailed(user, undefined, 'mfa.code_rejected')
      const now = clock.now()
      const [sent, contact] = await Promise.all([
        repo.currentCode(user.id),
        repo.contactOf(user.id),
      ])
      const method = sent?.deliveryMethod === 'sms' ? 'sms' : 'email'
      const expected =
        contact && signInId !== undefined
          ? codeHash(user.id, recipientOf(contact, method), signInId, code)
          : undefined
      const isRightCode =
        sent !== undefined && expected !== undefined && safeEqual(sent.codeHash, expected)
      const isCurrent = isRightCode && sent.expiresAt > now
      const hasPassed =
        isCurrent && !sent.isUsed && (await useAndClearTries(user, sent.codeHash, now))
      if (!hasPassed) {
        // Used before, or by a parallel copy of this try between the read and the use.
        if (isRightCode && (sent.isUsed || isCurrent)) return codes.codeUsedAlready(user)
        return codes.factorFailed(user, spent.mfaFailedAttempts, 'mfa.code_rejected')
      }
      return codes.factorPassed(user, marks, { method }, { isTrusted, locale })
    },

    /**
     * The right code, already used: a parallel copy of the try that passed (issue 40, K1), or
     * the member's second click. Its try is given back (only the sign-in that asked for the
     * code can match it, so no guess gains by this), and nothing is locked: the count may
     * have reached the limit only with such copies.
     */
    async codeUsedAlready(user: SessionUser): Promise<MfaOutcome> {
      const left = await users.refundCodeAttempt(user.id)
      await audit.record({ event: 'mfa.code_reused', userId: user.id })
      return {
        kind: 'continue',
        response: response({
          statusCode: 'AUTHENTICATION_FAILED',
          nextScreen: mfaScreens.verificationInfoStep3,
          attemptsLeft: codeTriesBeforeLock - (left?.mfaFailedAttempts ?? codeTriesBeforeLock),
        }),
      }
    },

    async support(user: SessionUser): Promise<CwMfaResponse> {
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
  return codes
}
