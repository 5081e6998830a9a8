// The durable outbox (DESIGN.md): enqueue inside the caller's transaction; a worker delivers
// with retries and backoff, so nothing is lost while SMTP or the SMS provider is down.
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../lib/clock.ts'
import { openWithAny, seal } from '../lib/crypto.ts'
import { withoutQueryValues } from '../lib/logged-errors.ts'
import { currentRequestId } from '../lib/request-context.ts'
import type { Db } from '../store/db.ts'
import { outboxRepo, type OutboxRow } from '../store/outbox.repo.ts'
import type { Channel, Message } from './templates.ts'
import type { Transport } from './transports.ts'

/** Where a message is written: a store (or a transaction's) or, for operator tools, a database. */
export type OutboxTarget = Db | { outbox: Pick<ReturnType<typeof outboxRepo>, 'enqueue'> }

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

/** `keys`: the first seals, any opens (a rotated SESSION_SECRET keeps the queue sendable). */
export function outboxWriter(keys: Buffer | readonly Buffer[], clock: Clock, guard?: SendGuard) {
  const openKeys = [keys].flat()
  const [sealKey = Buffer.alloc(0)] = openKeys
  return {
    /** Pass the transaction (its store) of the change the message reports. */
    async enqueue(into: OutboxTarget, envelope: Envelope): Promise<void> {
      if (guard && !(await guard.admit(envelope))) return
      const { channel, recipient, program, message } = envelope
      const now = clock.now()
      const outbox = 'outbox' in into ? into.outbox : outboxRepo(into)
      await outbox.enqueue({
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
    /** The body, or null when it cannot be unsealed (a SESSION_SECRET no longer listed). */
    unseal(row: OutboxRow): string | null {
      return row.sealedBody ? (openWithAny(openKeys, row.sealedBody) ?? null) : null
    },
    read(row: OutboxRow): string {
      return row.sealedBody ? (openWithAny(openKeys, row.sealedBody) ?? '') : ''
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
  /**
   * The longest one send may take before it counts as failed (and is tried again later): a
   * provider that hangs holds neither the worker nor its lease. Default 15 s.
   */
  sendTimeoutMs?: number
  /** How long a claim keeps its messages from other workers. Default 60 s. */
  leaseMs?: number
  /** 0 ≤ x < 1, the jitter of every backoff (tests pass a fixed one). */
  random?: () => number
}

/**
 * 5 s, 10 s, 20 s … at most 15 minutes between tries, each stretched by up to a fifth at
 * random: messages that failed together (a provider outage) are not all tried again at once.
 */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000)
  return Math.round(base * (1 + 0.2 * random()))
}

/** The wait after a pass that failed (the database away): 1 s, 2 s, 4 s … at most 10 s, jittered. */
export function passBackoffMs(failures: number, pollMs: number, random = Math.random): number {
  const base = Math.min(Math.max(pollMs, 1_000) * 2 ** Math.max(0, failures - 1), 10_000)
  return Math.round(base * (1 + 0.2 * random()))
}

/**
 * The key of one message on every try: the SMS provider's Idempotency-Key and the email's
 * Message-ID, so a provider (or a mail client) that receives it twice can tell.
 */
export function deliveryKey(row: Pick<OutboxRow, 'id' | 'createdAt'>): string {
  return `portal-outbox-${row.id}-${row.createdAt.getTime()}`
}

/** A send that has not finished within `ms` is failed (its transport is told to give up). */
async function sendWithin(send: (signal: AbortSignal) => Promise<void>, ms: number) {
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`no answer within ${ms} ms`)
      reject(error) // first: the deadline's reason, not the transport's answer to the abort
      controller.abort(error)
    }, ms)
  })
  try {
    await Promise.race([send(controller.signal), deadline])
  } finally {
    clearTimeout(timer)
  }
}

export function outboxWorker(options: WorkerOptions) {
  const { db, clock, writer, transports, log, pollMs, maxAttempts, keepBodies } = options
  const onOutcome = options.onOutcome ?? (() => undefined)
  const sendTimeoutMs = options.sendTimeoutMs ?? 15_000
  const leaseMs = options.leaseMs ?? 60_000
  const random = options.random ?? Math.random
  const repo = outboxRepo(db)
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let isStopping = false
  /** Passes that failed in a row (the database away); 0 when the last one worked. */
  let failures = 0

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
      await sendWithin(
        (signal) =>
          transport.send({
            to: row.recipient,
            subject: row.subject,
            text: body,
            key: deliveryKey(row),
            signal,
          }),
        sendTimeoutMs,
      )
      await repo.markSent(row.id, clock.now(), keepBodies)
      onOutcome('sent', row.channel)
      log.info(context, 'message sent')
    } catch (error) {
      // Kept as the message's lastError and logged: without a failed statement's values.
      const reason =
        error instanceof Error ? (withoutQueryValues(error) as Error).message : String(error)
      const retryAt =
        row.attempts < maxAttempts
          ? new Date(clock.now().getTime() + backoffMs(row.attempts, random))
          : null
      await repo.markFailed(row.id, reason, retryAt)
      onOutcome(retryAt ? 'retry' : 'failed', row.channel)
      log.warn({ ...context, attempts: row.attempts, reason }, 'delivery failed')
    }
  }

  async function tick(): Promise<number> {
    const claimedAt = clock.now().getTime()
    const rows = await repo.claimDue(new Date(claimedAt), 20, leaseMs)
    for (const [index, row] of rows.entries()) {
      // Each send must end inside the lease: past it, another instance's worker may claim the
      // message and send it too. Stopping, or too little lease left: the rest go back, due now.
      const leaseLeft = claimedAt + leaseMs - clock.now().getTime()
      if (isStopping || leaseLeft <= sendTimeoutMs + 1_000) {
        await repo.release(
          rows.slice(index).map((r) => r.id),
          clock.now(),
        )
        break
      }
      await deliver(row)
    }
    return rows.length
  }

  /** One pass at a time: a slow pass is never overlapped by the next. */
  function runOnce(): Promise<number> {
    running ??= tick().finally(() => (running = undefined))
    return running
  }

  /**
   * The next pass after `pollMs`, or, while passes fail (the database away), after a growing,
   * jittered wait: the worker outlives an outage without a restart, and logs it once.
   */
  function schedule(ms: number) {
    if (isStopping) return
    timer = setTimeout(() => {
      runOnce().then(
        () => {
          if (failures > 0) log.info({ failures }, 'outbox worker recovered')
          failures = 0
          schedule(pollMs)
        },
        (error: unknown) => {
          failures++
          if (failures === 1) log.error({ err: error }, 'outbox pass failed: retrying with backoff')
          schedule(passBackoffMs(failures, pollMs, random))
        },
      )
    }, ms)
    timer.unref()
  }

  return {
    start() {
      isStopping = false
      schedule(pollMs)
    },
    /** Ends the loop; a pass under way sends the message in hand and gives back the rest. */
    async stop() {
      isStopping = true
      clearTimeout(timer)
      await running?.catch(() => undefined)
    },
    /** Passes that failed in a row (0 when the last one worked). */
    failures: () => failures,
    /** Delivers everything due now (tests and the shutdown path). */
    async drain(): Promise<void> {
      while ((await runOnce()) > 0);
    },
  }
}
export type OutboxWorker = ReturnType<typeof outboxWorker>
