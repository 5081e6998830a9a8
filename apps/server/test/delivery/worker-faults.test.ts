// Issue 22: the outbox worker on its bad days. A provider that hangs holds neither the worker
// nor its lease; every try of a message carries the same key; a claim whose lease runs short
// gives the rest back; stopping gives back what was claimed; a database outage is outlived.
import { describe, expect, it } from 'vitest'
import { outboxWorker, type WorkerOptions } from '../../src/delivery/outbox.ts'
import { templates } from '../../src/delivery/templates.ts'
import type { Outgoing, Transport } from '../../src/delivery/transports.ts'
import { appForFile, manualClock, emptyOutbox, outboxMessages } from '../harness.ts'
import { breakDatabase, connectionRefused } from '../break-database.ts'

const clock = manualClock()
const t = appForFile({ clock })

const brand = { name: 'BCLIP', phone: '800-555-0100' }

async function enqueue(count: number, channel: 'email' | 'sms' = 'email'): Promise<void> {
  await emptyOutbox(t)
  for (let i = 0; i < count; i++) {
    await t.app.outbox.writer.enqueue(t.database.db, {
      channel,
      recipient: channel === 'email' ? `fault.${i}@example.com` : `+1555000010${i}`,
      program: 'bclip',
      message: templates.username(brand, `member_${i}`),
    })
  }
}

const rows = () => outboxMessages(t)

function worker(transports: WorkerOptions['transports'], options: Partial<WorkerOptions> = {}) {
  return outboxWorker({
    db: t.database.db,
    clock,
    writer: t.app.outbox.writer,
    transports,
    log: t.app.log,
    pollMs: 0,
    maxAttempts: 5,
    keepBodies: false,
    random: () => 0,
    ...options,
  })
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('a provider that hangs', () => {
  it('fails the send at its deadline, sends the next message, and keys every try alike', async () => {
    await enqueue(2, 'sms')
    const tries: Outgoing[] = []
    let isHanging = true
    const sms: Transport = {
      send: (message) => {
        tries.push(message)
        if (!isHanging || tries.length > 1) return Promise.resolve()
        // Answers nothing; gives up only when the worker aborts it.
        return new Promise((_resolve, reject) =>
          message.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        )
      },
    }
    const w = worker({ sms }, { sendTimeoutMs: 200 })
    await w.drain()
    const [first, second] = await rows()
    expect(first).toMatchObject({ status: 'pending', attempts: 1 })
    expect(first?.lastError).toBe('no answer within 200 ms')
    expect(second).toMatchObject({ status: 'sent', attempts: 1 })
    expect(tries[0]?.signal?.aborted).toBe(true)

    isHanging = false
    clock.advance(6_000) // its backoff: 5 s, stretched by no jitter (random 0)
    await w.drain()
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent'])
    expect(tries.map((m) => m.to)).toEqual([first?.recipient, second?.recipient, first?.recipient])
    // One key per message, the same on its retry: the provider can drop a repeat.
    expect(tries[2]?.key).toBe(tries[0]?.key)
    expect(tries[1]?.key).not.toBe(tries[0]?.key)
  })
})

describe('the lease', () => {
  it('gives back the rest of a claim when too little of its lease is left to send one more', async () => {
    await enqueue(3)
    const sent: string[] = []
    // Each send takes 30 s of the 60 s lease; a send may take 15 s.
    const email: Transport = {
      send: async ({ to }) => {
        sent.push(to)
        clock.advance(30_000)
      },
    }
    const w = worker({ email }, { sendTimeoutMs: 15_000, leaseMs: 60_000 })
    await w.drain()
    expect(sent).toEqual(['fault.0@example.com', 'fault.1@example.com', 'fault.2@example.com'])
    // The third was given back (its claim undone) and claimed again by the next pass.
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ])
  })

  it('is given back when the worker stops: the message in hand is sent, the rest are due at once', async () => {
    await enqueue(3)
    const sent: string[] = []
    let open: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (open = resolve))
    const email: Transport = {
      send: async ({ to }) => {
        sent.push(to)
        await gate
      },
    }
    const w = worker({ email }, { pollMs: 10 })
    w.start()
    await until(() => sent.length === 1)
    const stopped = w.stop()
    open()
    await stopped
    expect(sent).toEqual(['fault.0@example.com'])
    const after = await rows()
    expect(after.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['pending', 0],
      ['pending', 0],
    ])
    for (const row of after.slice(1)) {
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(clock.now().getTime())
    }
  })
})

describe('a database outage', () => {
  it('is outlived by the worker (backing off, no restart) and by the retention sweep', async () => {
    await enqueue(1)
    const sent: string[] = []
    const w = worker({ email: { send: async ({ to }) => void sent.push(to) } }, { pollMs: 20 })
    const restore = breakDatabase(t.database, connectionRefused)
    try {
      w.start()
      await until(() => w.failures() >= 1)
      await expect(t.app.purgeExpired()).rejects.toThrow(/Failed query/)
    } finally {
      restore()
    }
    await until(() => sent.length === 1 && w.failures() === 0)
    await w.stop()
    expect(sent).toEqual(['fault.0@example.com'])
    expect((await rows()).map((r) => r.status)).toEqual(['sent'])
    await expect(t.app.purgeExpired()).resolves.toBeDefined()
  })
})
