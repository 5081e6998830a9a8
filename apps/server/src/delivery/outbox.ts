// The durable outbox (DESIGN.md): enqueue inside the caller's transaction; a worker delivers
// with retries and backoff, so nothing is lost while SMTP or the SMS provider is down.
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../lib/clock.ts'
import { open, seal } from '../lib/crypto.ts'
import { currentRequestId } from '../lib/request-context.ts'
import type { Db } from '../store/db.ts'
import { outboxRepo, type OutboxRow } from '../store/outbox.repo.ts'
import type { Channel, Message } from './templates.ts'
import type { Transport } from './transports.ts'

export interface Envelope {
  channel: Channel
  /** An email address, or a phone number in E.164. */
  recipient: string
  program: string | null
  message: Message
}

/** What became of one message on one try (the deliveries metric's outcome label). */
export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'dead' | 'expired' | 'kept'

/** Decides whether a message may go (message-caps.ts); throws to refuse a requested one. */
export interface SendGuard {
  admit(envelope: Envelope): Promise<boolean>
}

export function outboxWriter(sealKey: Buffer, clock: Clock, guard?: SendGuard) {
  return {
    /** Pass the transaction of the change the message reports. */
    async enqueue(db: Db, envelope: Envelope): Promise<void> {
      if (guard && !(await guard.admit(envelope))) return
      const { channel, recipient, program, message } = envelope
      const now = clock.now()
      await outboxRepo(db).enqueue({
        channel,
        recipient,
        program,
        template: message.template,
        subject: channel === 'email' ? message.subject : null,
        sealedBody: seal(sealKey, channel === 'email' ? message.email : message.sms),
        createdAt: now,
        nextAttemptAt: now,
        requestId: currentRequestId(),
        expiresAt: message.validForMs ? new Date(now.getTime() + message.validForMs) : null,
      })
    },
    /** The body, or null when it cannot be unsealed (another SESSION_SECRET sealed it). */
    unseal(row: OutboxRow): string | null {
      return row.sealedBody ? (open(sealKey, row.sealedBody) ?? null) : null
    },
    read(row: OutboxRow): string {
      return row.sealedBody ? (open(sealKey, row.sealedBody) ?? '') : ''
    },
  }
}
export type OutboxWriter = ReturnType<typeof outboxWriter>

export interface WorkerOptions {
  db: Db
  clock: Clock
  writer: OutboxWriter
  transports: Partial<Record<Channel, Transport>>
  log: FastifyBaseLogger
  pollMs: number
  maxAttempts: number
  /** Demo mode keeps delivered bodies for the outbox viewer; production blanks them. */
  keepBodies: boolean
  /** Told what became of each message (metrics). */
  onOutcome?: (outcome: DeliveryOutcome, channel: string) => void
}

/** 5 s, 10 s, 20 s … at most 15 minutes between tries. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000)
}

export function outboxWorker(options: WorkerOptions) {
  const { db, clock, writer, transports, log, pollMs, maxAttempts, keepBodies } = options
  const onOutcome = options.onOutcome ?? (() => undefined)
  const repo = outboxRepo(db)
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined

  async function deliver(row: OutboxRow): Promise<void> {
    const context = {
      outboxId: row.id,
      channel: row.channel,
      template: row.template,
      reqId: row.requestId,
    }
    if (row.expiresAt && row.expiresAt.getTime() <= clock.now().getTime()) {
      // A code nobody can use any more: sending it late would only confuse.
      await repo.markExpired(row.id)
      onOutcome('expired', row.channel)
      log.warn(context, 'message expired before it could be sent')
      return
    }
    const transport = transports[row.channel as Channel]
    if (!transport) {
      // No transport configured (demo mode): the message stays readable in /dev/outbox.
      await repo.markSent(row.id, clock.now(), true)
      onOutcome('kept', row.channel)
      return
    }
    const body = writer.unseal(row)
    if (body === null) {
      // Never send a blank message: park it until an operator restores the key and re-queues.
      await repo.markDead(row.id, 'the body cannot be unsealed (was SESSION_SECRET changed?)')
      onOutcome('dead', row.channel)
      log.error(context, 'message dead-lettered: body cannot be unsealed')
      return
    }
    try {
      await transport.send({ to: row.recipient, subject: row.subject, text: body })
      await repo.markSent(row.id, clock.now(), keepBodies)
      onOutcome('sent', row.channel)
      log.info(context, 'message sent')
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const retryAt =
        row.attempts < maxAttempts
          ? new Date(clock.now().getTime() + backoffMs(row.attempts))
          : null
      await repo.markFailed(row.id, reason, retryAt)
      onOutcome(retryAt ? 'retry' : 'failed', row.channel)
      log.warn({ ...context, attempts: row.attempts, reason }, 'delivery failed')
    }
  }

  async function tick(): Promise<number> {
    const rows = await repo.claimDue(clock.now(), 20, 60_000)
    for (const row of rows) await deliver(row)
    return rows.length
  }

  /** One pass at a time: a slow pass is never overlapped by the next. */
  function runOnce(): Promise<number> {
    running ??= tick().finally(() => (running = undefined))
    return running
  }

  return {
    start() {
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => log.error({ err: error }, 'outbox pass failed'))
      }, pollMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await running?.catch(() => undefined)
    },
    /** Delivers everything due now (tests and the shutdown path). */
    async drain(): Promise<void> {
      while ((await runOnce()) > 0);
    },
  }
}
export type OutboxWorker = ReturnType<typeof outboxWorker>
