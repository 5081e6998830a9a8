// Messages cost money (docs/decisions/0009): every email and text passes here before it is
// queued. Texts go only to the allowed dial prefixes (SMS pumping to premium international
// numbers is the classic toll fraud); each address or number gets a daily ceiling; and the
// whole service has a daily ceiling on texts. A refused code or temporary password is an
// error the caller sees (its transaction rolls back, so nothing changes); a refused notice
// (lockout, password or contact changed) is dropped and logged, so the change it reports
// still happens.
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../lib/clock.ts'
import type { WindowStore } from '../lib/window-store.ts'
import { HttpError } from '../plugins/errors.ts'
import { normaliseTarget } from '../plugins/rate-limits.ts'
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

export function isAllowedSmsRecipient(e164: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => e164.startsWith(prefix))
}

export function messageCaps(options: MessageCapOptions) {
  const { store, clock, log } = options
  return {
    /** True to queue the message; false to drop a notice; throws to refuse a requested one. */
    async admit(envelope: Envelope): Promise<boolean> {
      const isNotice = envelope.message.template.endsWith('-notice')
      const refuse = (error: HttpError) => {
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
        return refuse(new HttpError(400, 'throttle.textsNotAvailable'))
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
        return refuse(new HttpError(429, 'throttle.tooManyMessages', 3600))
      }
      if (envelope.channel === 'sms') {
        const textsToday = await store.increment(`sms-day:${day}`, 2 * dayMs, now)
        if (textsToday > options.smsPerDay) {
          log.error({ smsPerDay: options.smsPerDay }, 'the daily ceiling on texts is reached')
          return refuse(new HttpError(503, 'login.technicalDifficulties', 3600))
        }
      }
      return true
    },
  }
}
export type MessageCaps = ReturnType<typeof messageCaps>
