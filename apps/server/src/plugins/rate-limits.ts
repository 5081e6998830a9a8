// Rate limits for the calls that send messages or reveal whether something exists
// (registration, recovery): per client address, and per target (the email, number or
// username asked about), so neither one client nor many can hammer one person.
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { HttpError } from './errors.ts'

export interface RateLimitOptions {
  perClient: number
  perTarget: number
  windowMinutes: number
  redisUrl: string | undefined
}

/** Throws 429 when the key has been used up for this window. */
export type Limiter = (request: FastifyRequest, key: string) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    limits: {
      /** Per client address, shared by every limited call. */
      byClient: (request: FastifyRequest) => Promise<void>
      /** Per target (an email, number or username), counted separately for each `name`. */
      byTarget(name: string): Limiter
    }
  }
}

export const tooManyRequests = 'Too many attempts. Please wait a few minutes and try again.'

async function rateLimitsPlugin(app: FastifyInstance, options: RateLimitOptions) {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined
  if (redis) app.addHook('onClose', async () => void (await redis.quit()))
  const timeWindow = options.windowMinutes * 60_000
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'portal-rl-' } : {}),
  })
  const keys = new WeakMap<FastifyRequest, string>()
  const limiter = (name: string, max: number): Limiter => {
    const check = app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}`,
    })
    return async (request, key) => {
      keys.set(request, key.trim().toLowerCase())
      const result = await check(request)
      if (!result.isAllowed && result.isExceeded) throw new HttpError(429, tooManyRequests)
    }
  }
  const client = limiter('client', options.perClient)
  app.decorate('limits', {
    byClient: (request: FastifyRequest) => client(request, request.ip),
    byTarget: (name: string) => limiter(name, options.perTarget),
  })
}

export default fp(rateLimitsPlugin, { name: 'rate-limits' })
