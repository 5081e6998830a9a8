// Messages cost money (docs/decisions/0009): every email and text passes here before it is
// queued. Texts go only to the allowed dial prefixes (SMS pumping to premium international
// numbers is the classic toll fraud); each address or number gets a daily ceiling; and the
// whole service has a daily ceiling on texts. A refused code or temporary password is an
// error the caller sees (its transaction rolls back, so nothing changes); a refused notice
// (lockout, password or contact changed) is dropped and logged, so the change it reports
// still happens. Delivery knows nothing of HTTP: a refusal names its reason, and the error
// handler (plugins/errors.ts) answers it (400, 429 or 503).
import { serviceText, type MessageKey } from '@portal/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../lib/clock.ts'
import type { WindowStore } from '../lib/window-store.ts'
import { normaliseTarget } from '../lib/abuse-targets.ts'
import type { Envelope } from './outbox.ts'

export interface MessageCapOptions {
  store: WindowStore
  clock: Clock
  log: FastifyBaseLogger
  perRecipientPerDay: number
  smsPerDay: number
  /** E.164 prefixes such as '+1'. */
  smsAllowedPrefixes: readonly string[]
  /** Told of each 429 (plugins/rate-limits.ts refusalRecorder: one audit row a window). */
  onRefused?: (refusal: { limit: string; windowMs: number; userId?: number }) => Promise<void>
}

const dayMs = 86_400_000

/**
 * Why a requested message is refused: a number outside the allowed dial prefixes, a
 * recipient's daily ceiling, or the service's daily ceiling on texts.
 */
export type MessageRefusalReason = 'sms-destination' | 'recipient-day' | 'sms-day'

/** A requested message the caps refuse; the transaction that asked for it rolls back. */
export class MessageRefused extends Error {
  constructor(
    readonly reason: MessageRefusalReason,
    /** The message's key in the catalogue (message-keys.ts). */
    readonly messageKey: MessageKey,
    /** When to try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(serviceText(messageKey).english)
  }
}

export function isAllowedSmsRecipient(e164: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => e164.startsWith(prefix))
}

export function messageCaps(options: MessageCapOptions) {
  const { store, clock, log } = options
  return {
    /** True to queue the message; false to drop a notice; throws to refuse a requested one. */
    async admit(envelope: Envelope): Promise<boolean> {
      const isNotice = envelope.message.template.endsWith('-notice')
      const refuse = (error: MessageRefused) => {
        log.warn(
          { channel: envelope.channel, template: envelope.message.template, reason: error.message },
          'message refused by a sending limit',
        )
        if (isNotice) return false
        throw error
      }
      if (
        envelope.channel === 'sms' &&
        !isAllowedSmsRecipient(envelope.recipient, options.smsAllowedPrefixes)
      ) {
        return refuse(new MessageRefused('sms-destination', 'throttle.textsNotAvailable'))
      }
      const now = clock.now().getTime()
      const day = new Date(now).toISOString().slice(0, 10)
      const recipient = normaliseTarget(envelope.recipient)
      const sentToRecipient = await store.increment(
        `recipient-day:${day}:${recipient}`,
        2 * dayMs,
        now,
      )
      if (sentToRecipient > options.perRecipientPerDay) {
        await options.onRefused?.({ limit: 'recipient-day', windowMs: dayMs })
        return refuse(new MessageRefused('recipient-day', 'throttle.tooManyMessages', 3600))
      }
      if (envelope.channel === 'sms') {
        const textsToday = await store.increment(`sms-day:${day}`, 2 * dayMs, now)
        if (textsToday > options.smsPerDay) {
          log.error({ smsPerDay: options.smsPerDay }, 'the daily ceiling on texts is reached')
          return refuse(new MessageRefused('sms-day', 'login.technicalDifficulties', 3600))
        }
      }
      return true
    },
  }
}
export type MessageCaps = ReturnType<typeof messageCaps>
