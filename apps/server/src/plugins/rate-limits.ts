// Abuse limits (docs/decisions/0009). Sliding windows per client address and per target
// (the email, number, customer number or username asked about), so neither one client nor
// many can hammer one person; sign-in has its own windows per client and per username; and
// messages, which cost money, are capped per user with a resend cool-down. Counters live in
// the WindowStore: Redis when REDIS_URL is set (shared by every instance), memory otherwise.
import { messages, serviceText, type MessageKey } from '@portal/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '../lib/clock.ts'
import { normaliseTarget } from '../lib/abuse-targets.ts'
import { awaitHashingCapacity } from '../lib/passwords.ts'
import { currentClientIp, currentRoute } from '../lib/request-context.ts'
import { usernameKey } from '../lib/usernames.ts'
import type { WindowStore } from '../lib/window-store.ts'
import { HttpError } from './errors.ts'

export interface RateLimitOptions {
  store: WindowStore
  clock: Clock
  perClient: number
  perTarget: number
  windowMinutes: number
  login: { perClient: number; perUsername: number; windowMinutes: number }
  messages: { resendCooldownSeconds: number; perUser: number; windowMinutes: number }
  /** Told of every 429 this plugin answers (refusalRecorder: at most one audit row a window). */
  onRefused?: RefusalRecorder
}

/** A 429 about to be answered: which limit, for how long it lasts, and whose when known. */
export type RefusalRecorder = (refusal: {
  limit: string
  windowMs: number
  userId?: number
}) => Promise<void>

/**
 * Issue 32, A1: a 429 becomes an audit row (`security.rate_limited`: the limit, the client IP
 * and the route from the request context, the user id when the limit is per user), but a
 * flood of 429s must not become a flood of inserts. So the first refusal of a client at a
 * limit within that limit's window is recorded and the rest of the window's are not: a
 * counter in the limits' own store (`refused:<limit>:<client>`, memory or Redis, expiring
 * with the window) says whether this is the first; nothing is read from the database, and
 * at most one row is written per client, limit and window.
 */
export function refusalRecorder({
  store,
  clock,
  record,
}: {
  store: WindowStore
  clock: Clock
  record: (entry: {
    event: 'security.rate_limited'
    userId?: number | null
    detail: Record<string, unknown>
  }) => Promise<void>
}): RefusalRecorder {
  return async ({ limit, windowMs, userId }) => {
    const client = currentClientIp() ?? 'no-client'
    const refusals = await store.increment(
      `refused:${limit}:${client}`,
      windowMs,
      clock.now().getTime(),
    )
    if (refusals !== 1) return
    await record({
      event: 'security.rate_limited',
      userId: userId ?? null,
      detail: { limit, route: currentRoute(), windowMinutes: Math.round(windowMs / 60_000) },
    })
  }
}

/** Throws 429 when the key has been used up for this window. */
export type Limiter = (request: FastifyRequest, key: string) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    limits: {
      /** Per client address, shared by every limited lookup (registration, recovery). */
      byClient: (request: FastifyRequest) => Promise<void>
      /** Per normalised target, counted separately for each `name`. */
      byTarget(name: string): Limiter
      /** Password sign-in: hashing capacity, then per client address and per username (any case). */
      signIn(request: FastifyRequest, userName: string): Promise<void>
      /**
       * A message about to be sent for this user (a code, a temporary password, a username).
       * With `isCode`, also the resend cool-down. Answers the cool-down's length in seconds.
       */
      messageFor(userId: number, options?: { isCode?: boolean }): Promise<number>
    }
  }
}

export const tooManyRequests = messages.throttle.tooManyAttempts

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

async function rateLimitsPlugin(app: FastifyInstance, options: RateLimitOptions) {
  const { store, clock } = options
  // Counting starts in Redis when it answers within 2 s; until then, and whenever it is away,
  // in this instance's memory.
  app.addHook('onReady', async () => store.ready?.(2000))
  app.addHook('onClose', async () => store.close())

  /** Records a hit on `key`; 429 with Retry-After when `max` hits already lie in the window. */
  async function take(
    key: string,
    max: number,
    windowMinutes: number,
    message: MessageKey = 'login.tooManyAttempts',
    userId?: number,
  ) {
    const result = await store.hit(key, max, windowMinutes * 60_000, clock.now().getTime())
    if (!result.isAllowed) {
      // The limit's name is the key's first part ('login-client', 'console-sign-in', …).
      const limit = key.split(':')[0] ?? key
      await options.onRefused?.({
        limit,
        windowMs: windowMinutes * 60_000,
        ...(userId === undefined ? {} : { userId }),
      })
      throw new HttpError(429, message, secondsOf(result.retryAfterMs))
    }
  }

  const limiter =
    (name: string): Limiter =>
    (_request, key) =>
      take(`${name}:${normaliseTarget(key)}`, options.perTarget, options.windowMinutes)

  const { login } = options
  const cooldownMinutes = options.messages.resendCooldownSeconds / 60

  app.decorate('limits', {
    byClient: (request: FastifyRequest) =>
      take(`client:${request.ip}`, options.perClient, options.windowMinutes),
    byTarget: limiter,
    async signIn(request: FastifyRequest, userName: string) {
      await awaitHashingCapacity() // a full queue: 503 after a short wait, without a database lookup
      await take(`login-client:${request.ip}`, login.perClient, login.windowMinutes)
      // Per account: the username folded as the account lookup folds it (lib/usernames.ts).
      await take(`login-user:${usernameKey(userName)}`, login.perUsername, login.windowMinutes)
    },
    async messageFor(userId: number, { isCode = false } = {}) {
      const cooldown = options.messages.resendCooldownSeconds
      if (isCode && cooldown > 0) {
        const result = await store.hit(
          `code-cooldown:${userId}`,
          1,
          cooldownMinutes * 60_000,
          clock.now().getTime(),
        )
        if (!result.isAllowed) {
          const seconds = secondsOf(result.retryAfterMs)
          await options.onRefused?.({
            limit: 'code-cooldown',
            windowMs: cooldownMinutes * 60_000,
            userId,
          })
          throw new HttpError(429, serviceText('throttle.waitForNewCode', seconds), seconds)
        }
      }
      await take(
        `messages-user:${userId}`,
        options.messages.perUser,
        options.messages.windowMinutes,
        'throttle.tooManyMessages',
        userId,
      )
      return cooldown
    },
  })
}

export default fp(rateLimitsPlugin, { name: 'rate-limits' })
