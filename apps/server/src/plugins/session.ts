// Server-side sessions (a row per signed-in visitor, its id in an HttpOnly cookie) and the
// anti-forgery token. Anonymous visitors get no row: the token for them is bound to "no
// session", so bots that never sign in cost no database writes. The token is handed out by
// the portal's pages (routes declaring `issuesAntiForgeryToken`), at every sign-in, rotation
// and sign-out, and with every refusal of a call that lacked it (docs/decisions/0015).
//
// SECURITY: the XSRF-TOKEN cookie is readable by script (the portal copies it into the
// X-XSRF-TOKEN header) and is `nonce.HMAC(secret, nonce|session cookie)`: a token minted for
// one session is useless with another, and it cannot be forged without the secret.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '../lib/clock.ts'
import {
  deriveKeys,
  hmac,
  openWithAny,
  randomToken,
  safeEqual,
  seal,
  sha256,
} from '../lib/crypto.ts'
import type { SignInState } from '../modules/signin/flow.ts'
import type { AuditEntry } from '../store/audit.repo.ts'
import type { Store } from '../store/index.ts'
import type { SessionUser } from '../store/users.repo.ts'
import type {
  EndConditions,
  LoadedMember,
  MemberLoadOptions,
  SessionRow,
  StartedSessionRow,
} from '../store/sessions.repo.ts'
import { messages } from '@portal/contract'
import { routeOptionsOf } from './route-options.ts'

/** The session cookie's name; `__Host-` when Secure, so no sibling host can set or shadow it. */
export const sessionCookieName = (isSecure: boolean) =>
  isSecure ? '__Host-portal_sid' : 'portal_sid'
export const xsrfCookie = 'XSRF-TOKEN'
export const xsrfHeader = 'x-xsrf-token'

export interface Session {
  userId: number
  program: string
  /** The state of the sign-in flow (modules/signin/flow.ts owns its values and moves). */
  stage: SignInState
  data: Record<string, unknown>
}

export interface SessionHandle {
  /**
   * The current session, or null for an anonymous visitor (loaded on first use). The first
   * load with `device` reads the second factor's facts with it (loadedMember's secondFactor).
   */
  load(options?: MemberLoadOptions): Promise<Session | null>
  /**
   * The session's user and customer record, as read with the session by load() (one
   * statement); undefined when they were not (nothing loaded yet, or a session started in
   * this request).
   */
  loadedMember(): LoadedMember | undefined
  /**
   * Starts a fresh session (a new id: ids rotate at every sign-in). With `insert`, the row is
   * written by that statement, which changes other state with it (the sign-in's failed-count
   * reset and audit row); when it writes nothing (answers false), no session starts and
   * start answers false.
   */
  start(
    session: Session,
    options?: { insert?: (row: StartedSessionRow) => Promise<boolean> },
  ): Promise<boolean>
  /** Keeps data beside the flow's state; the state itself moves only through the flow. */
  update(patch: { data: Record<string, unknown> }): Promise<void>
  /**
   * For the sign-in flow only (modules/signin/flow.ts): its new state and data, and with
   * `isRotated` a new id too (as rotate() gives), all in one write; with `audit`, that
   * entry's row is written by the same statement. False when another request rotated or
   * ended the session since this one read it: nothing is written, no new id handed out.
   */
  moveTo(
    stage: SignInState,
    data: Record<string, unknown>,
    options?: { isRotated?: boolean; audit?: AuditEntry },
  ): Promise<boolean>
  /** Gives the current session a new id (and anti-forgery token), keeping its content. */
  rotate(): Promise<void>
  /**
   * Issue 27: the seconds before the session ends for inactivity, read without counting as
   * activity; null when there is no live session.
   */
  secondsLeft(): Promise<number | null>
  /** Issue 27 ("Stay signed in"): counts as activity now; the seconds left after, or null. */
  keepAlive(): Promise<number | null>
  /**
   * Ends the session; with `audit`, that entry's row is written by the same statement. False
   * when there was no session to end (another request ended it first; then no audit row).
   */
  end(options?: { audit?: AuditEntry }): Promise<boolean>
  /**
   * For the flow guard's end of the flow only (modules/signin/flow-guard.ts `endingMember`):
   * ends the session when it stands where `where` says, in one statement that reads its user
   * and writes `audit`'s row (its user, username and detail are the ended session's).
   * Undefined when it did not end it: nothing is written and nothing is loaded, so the guard
   * can read the session to say why.
   */
  endWhere(
    where: Omit<EndConditions, 'now'>,
    audit: AuditEntry,
  ): Promise<{ session: Session; user: SessionUser } | undefined>
  /** Keeps a secret in the session row, encrypted with a key only the service holds. */
  seal(value: string): string
  unseal(sealed: unknown): string | undefined
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionHandle
  }
  interface FastifyContextConfig {
    /** A page of the portal: a visitor without a valid anti-forgery token gets one here. */
    issuesAntiForgeryToken?: boolean
    /**
     * A GET that reads no session (reference data, health): no session handle is made, so
     * `request.session` is null there. Ignored for any other method.
     */
    needsNoSession?: boolean
    /** The OpenID Provider's endpoints (issue 44): no portal session, no anti-forgery token. */
    outsideSession?: boolean
  }
}

/** Route options of a page that hands out the anti-forgery token (see sessionPlugin). */
export const issuesAntiForgeryToken = { config: { issuesAntiForgeryToken: true } }

interface Options {
  /**
   * The sessions, and the audit: where anti-forgery refusals are recorded (A1), and the rows
   * the sign-in flow's session writes carry (moveTo, end); client IP and request id come
   * with them.
   */
  store: Pick<Store, 'sessions' | 'audit'>
  clock: Clock
  /** SESSION_SECRET's list: the first signs and seals, every one verifies and opens. */
  secrets: readonly string[]
  idleMinutes: number
  absoluteMinutes: number
  isCookieSecure: boolean
  /** How often expired sessions (which hold the sealed password) are deleted; 0 = never. */
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

async function sessionPlugin(app: FastifyInstance, options: Options) {
  const repo = options.store.sessions
  const [xsrfKey = Buffer.alloc(0), ...olderXsrfKeys] = deriveKeys(options.secrets, 'xsrf')
  const sealKeys = deriveKeys(options.secrets, 'session-data')
  const [sealKey = Buffer.alloc(0)] = sealKeys
  const sessionCookie = sessionCookieName(options.isCookieSecure)
  // Lax for the session: a link from elsewhere still arrives signed in. Strict for the
  // anti-forgery token: it is only ever needed by the portal's own pages.
  const sessionCookieOptions = {
    path: '/',
    sameSite: 'lax' as const,
    secure: options.isCookieSecure,
    httpOnly: true,
  }
  const xsrfCookieOptions = {
    path: '/',
    sameSite: 'strict' as const,
    secure: options.isCookieSecure,
    httpOnly: false,
  }

  const xsrfFor = (sessionCookieValue: string, nonce = randomToken(16), key = xsrfKey) =>
    `${nonce}.${hmac(key, `${nonce}|${sessionCookieValue}`)}`

  // A token minted under an older secret still listed is valid: a rotation ends no page.
  const xsrfKeys = [xsrfKey, ...olderXsrfKeys]
  const isXsrfValid = (token: string | undefined, sessionCookieValue: string) => {
    if (!token) return false
    const nonce = token.split('.')[0] ?? ''
    return xsrfKeys.some((key) => safeEqual(token, xsrfFor(sessionCookieValue, nonce, key)))
  }

  const issue = (reply: FastifyReply, sessionCookieValue: string) => {
    reply.setCookie(xsrfCookie, xsrfFor(sessionCookieValue), xsrfCookieOptions)
  }

  const expiryFrom = (now: Date, createdAt: Date) =>
    new Date(
      Math.min(
        now.getTime() + options.idleMinutes * 60_000,
        createdAt.getTime() + options.absoluteMinutes * 60_000,
      ),
    )

  const insertSession = async (row: StartedSessionRow) => {
    await repo.insert(row)
    return true
  }

  type Loaded = { idHash: string; row: SessionRow; member?: LoadedMember }

  /**
   * A request's session handle. A class, its methods made once per plugin (each request's
   * handle is one object): as closures, a dozen functions were made at every request that
   * reads a session (issue 45, the sign-in's event loop).
   */
  class RequestSession implements SessionHandle {
    /** Undefined until load() or a start; null when there is no live session. */
    private loaded: Loaded | null | undefined

    constructor(
      private readonly reply: FastifyReply,
      /** The session cookie's value as presented ('' without one). */
      private readonly raw: string,
    ) {}

    /**
     * Writes the loaded session's new content, under a new id when `isRotated` (handed out
     * with its anti-forgery token), in one statement.
     */
    private async write(
      what: string,
      patch: Partial<Pick<Session, 'stage' | 'data'>>,
      isRotated = false,
      audit?: AuditEntry,
    ): Promise<boolean> {
      const loaded = this.loaded
      if (!loaded) throw new Error(`No session to ${what}`)
      const id = isRotated ? randomToken(32) : undefined
      const idHash = id === undefined ? loaded.idHash : sha256(id)
      if (patch.stage !== undefined && patch.data !== undefined) {
        const next = { stage: patch.stage, data: patch.data, newIdHash: idHash }
        const auditRow = audit && options.store.audit.rowOf(audit)
        if (!(await repo.move(loaded.idHash, next, auditRow))) return false
        if (audit) options.store.audit.noted(audit)
      } else {
        await repo.update(loaded.idHash, { ...patch, idHash })
        if (audit) await options.store.audit.record(audit)
      }
      this.loaded = { ...loaded, idHash, row: { ...loaded.row, ...patch, idHash } }
      if (id !== undefined) {
        this.reply.setCookie(sessionCookie, id, sessionCookieOptions)
        issue(this.reply, id)
      }
      return true
    }

    async load({ device }: MemberLoadOptions = {}): Promise<Session | null> {
      if (this.loaded === undefined) {
        this.loaded = null
        if (this.raw) {
          const idHash = sha256(this.raw)
          const found = await repo.findWithMember(idHash, device)
          const row = found?.row
          const now = options.clock.now()
          if (row && row.expiresAt > now) {
            this.loaded = { idHash, row, member: found.member }
            // Touch at most once a minute: idle expiry without a write per request.
            if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
              const expiresAt = expiryFrom(now, row.createdAt)
              await repo.touch(idHash, { lastSeenAt: now, expiresAt })
            }
          } else if (row) {
            await repo.remove(idHash)
          }
        }
      }
      if (!this.loaded) return null
      const { userId, program, stage, data } = this.loaded.row
      // A row from an older release may hold a retired state: requireState refuses it.
      return { userId, program, stage: stage as SignInState, data }
    }

    loadedMember(): LoadedMember | undefined {
      return this.loaded ? this.loaded.member : undefined
    }

    async start(
      session: Session,
      { insert = insertSession }: { insert?: (row: StartedSessionRow) => Promise<boolean> } = {},
    ): Promise<boolean> {
      const id = randomToken(32)
      const now = options.clock.now()
      const row = {
        idHash: sha256(id),
        ...session,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: expiryFrom(now, now),
      }
      if (!(await insert(row))) return false
      // The session this browser had before ends: ids rotate at every sign-in.
      if (this.raw) await repo.remove(sha256(this.raw))
      this.loaded = { idHash: row.idHash, row }
      this.reply.setCookie(sessionCookie, id, sessionCookieOptions)
      issue(this.reply, id)
      return true
    }

    async update(patch: { data: Record<string, unknown> }): Promise<void> {
      await this.write('update', { data: patch.data })
    }

    moveTo(
      stage: SignInState,
      data: Record<string, unknown>,
      { isRotated = false, audit }: { isRotated?: boolean; audit?: AuditEntry } = {},
    ): Promise<boolean> {
      return this.write('move on', { stage, data }, isRotated, audit)
    }

    async rotate(): Promise<void> {
      await this.write('rotate', {}, true)
    }

    async secondsLeft(): Promise<number | null> {
      if (!this.raw) return null
      const row = await repo.find(sha256(this.raw))
      const left = row ? (row.expiresAt.getTime() - options.clock.now().getTime()) / 1000 : 0
      return left > 0 ? Math.floor(left) : null
    }

    async keepAlive(): Promise<number | null> {
      if (!this.raw) return null
      const idHash = sha256(this.raw)
      const row = await repo.find(idHash)
      const now = options.clock.now()
      if (!row) return null
      if (row.expiresAt <= now) {
        // Issue 27: an ended session is removed, so that nothing can bring it back.
        await repo.remove(idHash)
        return null
      }
      const expiresAt = expiryFrom(now, row.createdAt)
      await repo.touch(idHash, { lastSeenAt: now, expiresAt })
      return Math.floor((expiresAt.getTime() - now.getTime()) / 1000)
    }

    async end({ audit }: { audit?: AuditEntry } = {}): Promise<boolean> {
      const idHash = this.loaded ? this.loaded.idHash : this.raw ? sha256(this.raw) : undefined
      let hasEnded = false
      if (idHash !== undefined) {
        hasEnded = await repo.remove(idHash, audit && options.store.audit.rowOf(audit))
        if (audit && hasEnded) options.store.audit.noted(audit)
      } else if (audit) {
        await options.store.audit.record(audit)
      }
      this.loaded = null
      this.reply.clearCookie(sessionCookie, sessionCookieOptions)
      issue(this.reply, '')
      return hasEnded
    }

    async endWhere(
      where: Omit<EndConditions, 'now'>,
      audit: AuditEntry,
    ): Promise<{ session: Session; user: SessionUser } | undefined> {
      if (!this.raw) return undefined
      const now = options.clock.now()
      const ended = await repo.endFlow(
        sha256(this.raw),
        { ...where, now },
        options.store.audit.rowOf(audit),
      )
      if (!ended) return undefined
      const { row, user } = ended
      const session = { ...row, stage: row.stage as SignInState }
      options.store.audit.noted({ ...audit, userId: user.id, username: user.username })
      this.loaded = null
      this.reply.clearCookie(sessionCookie, sessionCookieOptions)
      issue(this.reply, '')
      return { session, user }
    }

    seal(value: string): string {
      return seal(sealKey, value)
    }

    unseal(sealed: unknown): string | undefined {
      return typeof sealed === 'string' ? openWithAny(sealKeys, sealed) : undefined
    }
  }

  app.decorateRequest('session', null as unknown as SessionHandle)

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Read once per request (Fastify builds a new routeOptions object at every read).
    const { config, url: route, schema } = routeOptionsOf(request)
    if (config.needsNoSession === true && safeMethods.has(request.method)) {
      return
    }
    if (config.outsideSession === true) return
    const raw = request.cookies[sessionCookie] ?? ''
    const presented = request.cookies[xsrfCookie]
    // SECURITY: decided on the route the request reached, not on how its path was spelt
    // (`/%61pi/...`): every state-changing call to a handler needs the token.
    if (route !== undefined && !safeMethods.has(request.method)) {
      const header = request.headers[xsrfHeader]
      if (
        typeof header !== 'string' ||
        !presented ||
        !safeEqual(header, presented) ||
        !isXsrfValid(header, raw)
      ) {
        issue(reply, raw)
        // Audited (A1): one insert, nothing read. Which session sent it is not looked up
        // (that would be a read per forged request); the row says whether one was presented.
        // The client IP comes from the request context; no token or cookie is recorded.
        await options.store.audit.record({
          event: 'security.anti_forgery_refused',
          detail: {
            route: `${request.method} ${route}`,
            hasSession: raw !== '',
            hasConsoleSession: request.cookies.console_sid !== undefined,
            reason: typeof header !== 'string' ? 'no header' : 'token not valid',
          },
        })
        return reply.code(403).send({
          error: 'Forbidden',
          message: messages.service.pageExpired,
          messageKey: 'service.pageExpired',
        })
      }
      // Only the calls that declare form bodies (spec §7's form calls: `consumes` on the route)
      // take one; refused here, before the body is read. A cross-site HTML form, which cannot
      // send JSON without a preflight, reaches none of the others.
      const contentType = request.headers['content-type'] ?? ''
      const consumes = (schema as { consumes?: string[] } | undefined)?.consumes
      const takesForms = consumes?.includes('application/x-www-form-urlencoded') === true
      if (/^\s*application\/x-www-form-urlencoded/i.test(contentType) && !takesForms) {
        return reply.code(415).send({
          error: 'Unsupported Media Type',
          message: messages.service.takesJson,
          messageKey: 'service.takesJson',
        })
      }
    } else if (config.issuesAntiForgeryToken === true && !isXsrfValid(presented, raw)) {
      // Minted where the portal's pages are served (its first POST comes from a page), not
      // on every anonymous GET: API reads, health checks and assets cost no HMAC or cookie.
      issue(reply, raw)
    }

    request.session = new RequestSession(reply, raw)
  })
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['@fastify/cookie'] })
