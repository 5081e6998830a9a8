// The pieces of the abuse limits on their own: sliding windows, target normalisation,
// private addresses for proxy hops, and the bounded password-hashing queue.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { normaliseTarget } from './abuse-targets.ts'
import { isAllowedSmsRecipient } from '../delivery/message-caps.ts'
import { ServiceUnavailable } from './unavailable.ts'
import {
  awaitHashingCapacity,
  passwordHashingLoad,
  setPasswordHashingBounds,
  verifyPassword,
} from './passwords.ts'
import { isPrivateAddress } from './trusted-proxy.ts'
import { memoryWindowStore } from './window-store.ts'

describe('memoryWindowStore', () => {
  it('slides: a hit leaves the window exactly windowMs after it was made', async () => {
    const store = memoryWindowStore()
    const at = (t: number) => store.hit('k', 2, 1000, t)
    expect((await at(0)).isAllowed).toBe(true)
    expect((await at(400)).isAllowed).toBe(true)
    expect(await at(900)).toEqual({ isAllowed: false, retryAfterMs: 100 })
    expect((await at(1001)).isAllowed).toBe(true) // the hit at 0 has left
    expect(await at(1200)).toEqual({ isAllowed: false, retryAfterMs: 200 }) // 400 still in
  })

  it('counts with an expiry', async () => {
    const store = memoryWindowStore()
    expect(await store.increment('c', 1000, 0)).toBe(1)
    expect(await store.increment('c', 1000, 500)).toBe(2)
    expect(await store.count('c', 999)).toBe(2)
    expect(await store.increment('c', 1000, 1000)).toBe(1)
  })
})

describe('normaliseTarget', () => {
  it('makes formatting irrelevant for emails and numbers', () => {
    expect(normaliseTarget('  Victim@Example.COM ')).toBe('victim@example.com')
    for (const phone of ['5555550100', '555-555-0100', '(555) 555-0100', '+1 555 555 0100']) {
      expect(normaliseTarget(phone)).toBe('5555550100')
    }
    expect(normaliseTarget(' BC10001 ')).toBe('bc10001')
  })
})

describe('texts and proxies', () => {
  it('allows texts only to the listed dial prefixes', () => {
    expect(isAllowedSmsRecipient('+13125550101', ['+1'])).toBe(true)
    expect(isAllowedSmsRecipient('+639171234567', ['+1'])).toBe(false)
    expect(isAllowedSmsRecipient('+442079460958', ['+1', '+44'])).toBe(true)
  })

  it('knows the private and loopback addresses a trusted hop may have', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.0.9', '::1', 'fd00::1'])
      expect(isPrivateAddress(a)).toBe(true)
    for (const a of ['203.0.113.7', '8.8.8.8', '172.32.0.1', '2001:db8::1'])
      expect(isPrivateAddress(a)).toBe(false)
    expect(isPrivateAddress('::ffff:10.0.0.5')).toBe(true)
  })
})

describe('bounded password hashing', () => {
  const hash =
    '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$W1i0Jh8XWqRyoUWqj7cBK1g5z2j5cIuH6gKLu3ZpCQI'
  afterEach(() => void vi.useRealTimers())

  it('runs at most the concurrency, queues a few, and refuses the rest at once with 503', async () => {
    setPasswordHashingBounds({ concurrency: 1, queue: 2 })
    const tries = Array.from({ length: 6 }, () =>
      verifyPassword(hash, 'Wrong#1x').then(
        () => 'done',
        (error: unknown) => (error instanceof ServiceUnavailable ? 503 : 'other'),
      ),
    )
    expect(passwordHashingLoad()).toMatchObject({ running: 1, waiting: 2 })
    expect(await Promise.all(tries)).toEqual(['done', 'done', 'done', 503, 503, 503])
    expect(passwordHashingLoad()).toMatchObject({ running: 0, waiting: 0, finished: 3 })
    // The hashing threads run at a lower priority: on a busy machine they wait their turn.
  }, 30_000)

  // The queue full: a sign-in is held (a timer, no work), then looks once more (issue 22's flood).
  const saturate = () => {
    setPasswordHashingBounds({ concurrency: 1, queue: 1, busyWaitMs: 1000 })
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    return [verifyPassword(hash, 'Wrong#1x'), verifyPassword(hash, 'Wrong#2x')]
  }
  const outcome = (held: Promise<void>) =>
    held.then(
      () => 'served',
      (error: unknown) => (error instanceof ServiceUnavailable ? 503 : 'other'),
    )

  it('holds a sign-in while the queue is full, and serves it when room was made meanwhile', async () => {
    const hashes = saturate()
    const held = outcome(awaitHashingCapacity())
    await Promise.all(hashes) // the queue drains while the sign-in is held
    vi.advanceTimersByTime(1000)
    expect(await held).toBe('served')
  }, 30_000)

  it('answers 503 after the wait when the queue is still full', async () => {
    const hashes = saturate()
    const held = outcome(awaitHashingCapacity())
    // No hash can finish in between: their answers arrive as messages, after these microtasks.
    vi.advanceTimersByTime(1000)
    expect(await held).toBe(503)
    await Promise.all(hashes)
    expect(await outcome(awaitHashingCapacity())).toBe('served') // room again: no wait at all
  }, 30_000)
})
