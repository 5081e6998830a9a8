// Server-side sessions (a row per signed-in visitor, its id in an HttpOnly cookie) and the
// anti-forgery token. Anonymous visitors get no row: the token for them is bound to "no
// session", so bots that never sign in cost no database writes.
//
// SECURITY: the XSRF-TOKEN cookie is readable by script (the portal copies it into the
// X-XSRF-TOKEN header) and is `nonce.HMAC(secret, nonce|session cookie)`: a token minted for
// one session is useless with another, and it cannot be forged without the secret.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '../lib/clock.ts'
import { deriveKey, hmac, open, randomToken, safeEqual, seal, sha256 } from '../lib/crypto.ts'
import type { Db } from '../store/db.ts'
import { sessionsRepo, type SessionRow } from '../store/sessions.repo.ts'

export const sessionCookie = 'portal_sid'
export const xsrfCookie = 'XSRF-TOKEN'
export const xsrfHeader = 'x-xsrf-token'

/** How far the visitor got: the service, not the browser, decides what comes next. */
export type SessionStage =
  /** Temporary or expired password: only updateTempPassword is open. */
  | 'password_change_required'
  /** The password was right, the second factor is still to come. */
  | 'mfa_pending'
  /** Signed in: the hand-off may be issued. */
  | 'authenticated'
  /** Signed in, but a program rule of spec §4 bars this customer: never handed off. */
  | 'blocked'

export interface Session {
  userId: number
  program: string
  stage: SessionStage
  data: Record<string, unknown>
}

export interface SessionHandle {
  /** The current session, or null for an anonymous visitor (loaded on first use). */
  load(): Promise<Session | null>
  /** Starts a fresh session (a new id: ids rotate at every sign-in). */
  start(session: Session): Promise<void>
  update(patch: Partial<Pick<Session, 'stage' | 'data'>>): Promise<void>
  end(): Promise<void>
  /** Keeps a secret in the session row, encrypted with a key only the service holds. */
  seal(value: string): string
  unseal(sealed: unknown): string | undefined
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionHandle
  }
}

interface Options {
  db: Db
  clock: Clock
  secret: string
  idleMinutes: number
  absoluteMinutes: number
  isCookieSecure: boolean
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

async function sessionPlugin(app: FastifyInstance, options: Options) {
  const repo = sessionsRepo(options.db)
  const xsrfKey = deriveKey(options.secret, 'xsrf')
  const sealKey = deriveKey(options.secret, 'session-data')
  const cookieBase = {
    path: '/',
    sameSite: 'lax' as const,
    secure: options.isCookieSecure,
  }

  const xsrfFor = (sessionCookieValue: string, nonce = randomToken(16)) =>
    `${nonce}.${hmac(xsrfKey, `${nonce}|${sessionCookieValue}`)}`

  const isXsrfValid = (token: string | undefined, sessionCookieValue: string) => {
    if (!token) return false
    const nonce = token.split('.')[0] ?? ''
    return safeEqual(token, xsrfFor(sessionCookieValue, nonce))
  }

  const issue = (reply: FastifyReply, sessionCookieValue: string) => {
    reply.setCookie(xsrfCookie, xsrfFor(sessionCookieValue), { ...cookieBase, httpOnly: false })
  }

  const expiryFrom = (now: Date, createdAt: Date) =>
    new Date(
      Math.min(
        now.getTime() + options.idleMinutes * 60_000,
        createdAt.getTime() + options.absoluteMinutes * 60_000,
      ),
    )

  app.decorateRequest('session', null as unknown as SessionHandle)

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.cookies[sessionCookie] ?? ''
    const presented = request.cookies[xsrfCookie]
    if (!request.url.startsWith('/api/')) {
      if (!isXsrfValid(presented, raw)) issue(reply, raw)
    } else if (!safeMethods.has(request.method)) {
      const header = request.headers[xsrfHeader]
      if (
        typeof header !== 'string' ||
        !presented ||
        !safeEqual(header, presented) ||
        !isXsrfValid(header, raw)
      ) {
        issue(reply, raw)
        return reply.code(403).send({
          error: 'Forbidden',
          message: 'The page has expired. Please reload it and try again.',
        })
      }
    } else if (!isXsrfValid(presented, raw)) {
      issue(reply, raw)
    }

    let loaded: { idHash: string; row: SessionRow } | null | undefined
    request.session = {
      load: async () => {
        if (loaded === undefined) {
          loaded = null
          if (raw) {
            const idHash = sha256(raw)
            const row = await repo.find(idHash)
            const now = options.clock.now()
            if (row && row.expiresAt > now) {
              loaded = { idHash, row }
              // Touch at most once a minute: idle expiry without a write per request.
              if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
                const expiresAt = expiryFrom(now, row.createdAt)
                await repo.update(idHash, { lastSeenAt: now, expiresAt })
              }
            } else if (row) {
              await repo.remove(idHash)
            }
          }
        }
        if (!loaded) return null
        const { userId, program, stage, data } = loaded.row
        return { userId, program, stage: stage as SessionStage, data }
      },
      start: async (session) => {
        if (raw) await repo.remove(sha256(raw))
        const id = randomToken(32)
        const now = options.clock.now()
        const row = {
          idHash: sha256(id),
          ...session,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: expiryFrom(now, now),
        }
        await repo.insert(row)
        loaded = { idHash: row.idHash, row }
        reply.setCookie(sessionCookie, id, { ...cookieBase, httpOnly: true })
        issue(reply, id)
      },
      update: async (patch) => {
        if (!loaded) throw new Error('No session to update')
        await repo.update(loaded.idHash, patch)
        loaded.row = { ...loaded.row, ...patch }
      },
      end: async () => {
        if (raw) await repo.remove(sha256(raw))
        loaded = null
        reply.clearCookie(sessionCookie, { path: '/' })
        issue(reply, '')
      },
      seal: (value) => seal(sealKey, value),
      unseal: (sealed) => (typeof sealed === 'string' ? open(sealKey, sealed) : undefined),
    }
  })
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['@fastify/cookie'] })
