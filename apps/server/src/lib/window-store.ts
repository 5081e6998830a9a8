// Counters for the abuse limits: sliding windows (how many hits in the last N minutes) and
// plain counters with an expiry. In Redis when REDIS_URL is set, so every instance counts
// the same hits; in this process otherwise. Keys are keyed hashes, so neither store holds a
// typed username (which is sometimes a password), an email address or a number.
//
// Time comes from the caller (the service's Clock), never from Redis, so tests can move it.
import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import { hmac } from './crypto.ts'

export interface WindowHit {
  isAllowed: boolean
  /** When refused: milliseconds until the oldest hit in the window leaves it. */
  retryAfterMs: number
}

export interface WindowStore {
  /** Records a hit unless `max` hits already lie within the last `windowMs`. */
  hit(key: string, max: number, windowMs: number, now: number): Promise<WindowHit>
  /** Adds one and answers the new count; the count is forgotten `ttlMs` after it started. */
  increment(key: string, ttlMs: number, now: number): Promise<number>
  /** The count `increment` has reached, or 0. */
  count(key: string, now: number): Promise<number>
  close(): Promise<void>
  /** Resolves once the shared store answers, or after `ms` (then memory serves meanwhile). */
  ready?(ms: number): Promise<void>
  /** False while the shared store cannot be used: callers then count in memory at once. */
  isUp?(): boolean
}

/** Most keys kept in process memory; the oldest go first beyond it. */
const memoryKeyLimit = 100_000

export function memoryWindowStore(): WindowStore {
  const hits = new Map<string, number[]>()
  const counters = new Map<string, { count: number; expiresAt: number }>()
  const bound = <V>(map: Map<string, V>) => {
    if (map.size <= memoryKeyLimit) return
    const oldest = map.keys().next()
    if (!oldest.done) map.delete(oldest.value)
  }
  const liveCounter = (key: string, now: number) => {
    const counter = counters.get(key)
    if (counter && counter.expiresAt <= now) counters.delete(key)
    return counter && counter.expiresAt > now ? counter : undefined
  }
  return {
    async hit(key, max, windowMs, now) {
      const recent = (hits.get(key) ?? []).filter((at) => at > now - windowMs)
      if (recent.length >= max) {
        hits.set(key, recent)
        return { isAllowed: false, retryAfterMs: (recent[0] ?? now) + windowMs - now }
      }
      recent.push(now)
      hits.delete(key) // re-inserted last: the map's order is then least recently used first
      hits.set(key, recent)
      bound(hits)
      return { isAllowed: true, retryAfterMs: 0 }
    },
    async increment(key, ttlMs, now) {
      const counter = liveCounter(key, now) ?? { count: 0, expiresAt: now + ttlMs }
      counter.count++
      counters.set(key, counter)
      bound(counters)
      return counter.count
    },
    async count(key, now) {
      return liveCounter(key, now)?.count ?? 0
    },
    async close() {
      hits.clear()
      counters.clear()
    },
  }
}

// One round trip each, atomic in Redis: concurrent hits from several instances cannot all
// slip under the limit.
const hitScript = `
local key, now, window, max, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= max then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return tonumber(oldest[2]) + window - now
end
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, window)
return -1`

const incrementScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`

export function redisWindowStore(url: string, prefix: string): WindowStore {
  // No offline queue: while Redis is away a command fails at once, instead of every request
  // waiting through reconnection back-offs.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
  // Failed commands reject, and windowStore falls back and logs; the event needs a listener.
  redis.on('error', () => undefined)
  const full = (key: string) => `${prefix}${key}`
  return {
    async hit(key, max, windowMs, now) {
      const member = `${now}:${randomBytes(6).toString('hex')}`
      const wait = Number(await redis.eval(hitScript, 1, full(key), now, windowMs, max, member))
      return wait < 0
        ? { isAllowed: true, retryAfterMs: 0 }
        : { isAllowed: false, retryAfterMs: wait }
    },
    async increment(key, ttlMs) {
      return Number(await redis.eval(incrementScript, 1, full(key), ttlMs))
    },
    async count(key) {
      return Number((await redis.get(full(key))) ?? 0)
    },
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect())
      else redis.disconnect()
    },
    async ready(ms) {
      if (redis.status === 'ready') return
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms)
        redis.once('ready', () => {
          clearTimeout(timer)
          resolve()
        })
      })
    },
    isUp: () => redis.status === 'ready',
  }
}

/**
 * Redis when configured, falling back to this process's memory while Redis cannot answer:
 * limits then hold per instance instead of failing open or failing every request.
 */
export function windowStore(options: {
  redisUrl: string | undefined
  prefix: string
  keySecret: Buffer
  log: FastifyBaseLogger
}): WindowStore {
  const memory = memoryWindowStore()
  const redis = options.redisUrl ? redisWindowStore(options.redisUrl, options.prefix) : undefined
  const hashed = (key: string) => {
    const [name = '', ...rest] = key.split(':')
    return `${name}:${hmac(options.keySecret, rest.join(':')).slice(0, 32)}`
  }
  // One warning per outage: set when Redis is first found away, cleared when it answers.
  let isWarned = false
  const either = async <T>(
    onRedis: (store: WindowStore) => Promise<T>,
    onMemory: () => Promise<T>,
  ) => {
    if (!redis) return onMemory()
    const fallBack = (error?: unknown) => {
      if (!isWarned)
        options.log.warn({ err: error }, 'Redis unavailable: limits count per instance')
      isWarned = true
      return onMemory()
    }
    if (!redis.isUp?.()) return fallBack()
    try {
      const result = await onRedis(redis)
      isWarned = false
      return result
    } catch (error) {
      return fallBack(error)
    }
  }
  return {
    hit: (key, max, windowMs, now) =>
      either(
        (s) => s.hit(hashed(key), max, windowMs, now),
        () => memory.hit(hashed(key), max, windowMs, now),
      ),
    increment: (key, ttlMs, now) =>
      either(
        (s) => s.increment(hashed(key), ttlMs, now),
        () => memory.increment(hashed(key), ttlMs, now),
      ),
    count: (key, now) =>
      either(
        (s) => s.count(hashed(key), now),
        () => memory.count(hashed(key), now),
      ),
    async close() {
      await redis?.close()
      await memory.close()
    },
    async ready(ms) {
      await redis?.ready?.(ms)
    },
    // Only with Redis configured: whether the shared counters are in use right now.
    ...(redis ? { isUp: () => redis.isUp?.() ?? false } : {}),
  }
}
