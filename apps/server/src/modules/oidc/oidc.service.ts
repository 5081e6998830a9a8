// Issue 44: the provider as the portal runs it. Its keys are reloaded every half minute so a
// rotation reaches every instance within the overlap; a member passes from the portal's
// sign-in to the provider by a handover: a sealed, single-use cookie the hand-off sets once the
// second factor has passed and the program verdict said yes, read by the interaction.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type Provider from 'oidc-provider'
import type { OidcClientRow } from '../../store/oidc.repo.ts'
import {
  findProgram,
  flavours,
  isLocale,
  localeCookie,
  localeFromAcceptLanguage,
  programOf,
} from '@portal/contract'
import { open, randomToken, seal } from '../../lib/crypto.ts'
import { createProvider, loadSigningKeys, secondFactorAcr, type OidcDeps } from './oidc-provider.ts'

/** Audit events after which a member's sign-ins elsewhere end too (the provider's sessions). */
const sessionEndingEvents = [
  'logout',
  'support.sessions_revoked',
  'support.mfa_reset',
  'support.member_disabled',
  'password.changed',
  'login.temporary_password_used',
] as const

/**
 * Audit events after which the back-channel logout is sent at once (the sweep every
 * `keyReloadMs` is the retry): the ending events, and those that disable or lock the member
 * (the sweep's query reads the flags they set).
 */
export const signOutAtOnceEvents: ReadonlySet<string> = new Set([
  ...sessionEndingEvents,
  'login.locked',
  'login.disabled',
  'mfa.locked',
])

/** How long the handover and the pending interaction live: one step of a browser's. */
const handoverSeconds = 120
const handoverCookie = 'portal_oidc_handover'
const pendingCookie = 'portal_oidc_pending'
/** How often an instance looks for a rotated key (a rotation's overlap is longer). */
export const keyReloadMs = 30_000

export interface Handover {
  userId: number
  program: string
  /** Seconds since the epoch when the second factor passed. */
  authTime: number
  /** `pwd` + `otp` for password and code, `hwk` for a passkey (RFC 8176). */
  amr: string[]
}

interface ServiceDeps extends OidcDeps {
  /** Seals the portal's cookies (derived from SESSION_SECRET). */
  cookieKey: Buffer
}

/**
 * A program the catalogue (or PROGRAM_HANDOFF) puts on OpenID Connect has no registered site.
 * Its hand-off fails closed: the spec's hand-off carries the password, and the operator chose
 * that it should not leave the portal for this program.
 */
export class SiteNotReady extends Error {
  constructor(
    readonly program: string,
    missing = 'no site is registered for it (portal-admin oidc-site add)',
  ) {
    super(
      `program ${program} takes the member by OpenID Connect (catalogue or PROGRAM_HANDOFF) ` +
        `but ${missing}`,
    )
  }
}

/** oidc-provider's client as its end-session action uses it (not in its published types). */
interface LoggingOutClient {
  backchannelLogoutUri?: string
  backchannelLogout(accountId: string, sid: string): Promise<void>
}

export function oidcService(deps: ServiceDeps) {
  let current: { provider: Provider; fingerprint: string; loadedAt: number } | undefined
  let loading: Promise<Provider> | undefined
  // The registered sites, by program, reloaded in the background: the hand-off of a program
  // on the spec's way asks no statement more (sign-in-queries.test.ts holds its count).
  // Until a first load succeeds, a hand-off loads them itself (and a database that is away
  // answers 503): it never guesses that a program takes the member the spec's way.
  let clientsByProgram: Map<string, OidcClientRow> | undefined
  const reloadClients = async () => {
    const rows = await deps.repo.listClients()
    clientsByProgram = new Map(rows.map((row) => [row.program, row]))
    return clientsByProgram
  }
  let reloadTimer: NodeJS.Timeout | undefined
  /** The back-channel sign-outs started at once and not yet ended. */
  const signingOut = new Set<Promise<void>>()

  async function load(): Promise<Provider> {
    const { jwks, fingerprint } = await loadSigningKeys(deps)
    if (current?.fingerprint !== fingerprint) {
      current = { provider: createProvider(deps, jwks), fingerprint, loadedAt: Date.now() }
    } else current.loadedAt = Date.now()
    return current.provider
  }

  /** The site's request waiting while the member signs in at the portal (rememberPending). */
  const pendingOf = (request: FastifyRequest) => {
    const sealed = request.cookies[pendingCookie]
    const opened = sealed ? open(deps.cookieKey, sealed) : undefined
    return opened ? (JSON.parse(opened) as { uid: string; program: string }) : undefined
  }

  const cookieOptions = (maxAge: number) =>
    ({ path: '/', httpOnly: true, secure: deps.secureCookies, sameSite: 'lax', maxAge }) as const

  return {
    /**
     * Loads the registered sites; then every `keyReloadMs` until `stop`, loads them again and
     * signs out of the sites the members whose sign-in has ended since (`signOutEnded`).
     */
    async start() {
      await reloadClients().catch(() => undefined)
      reloadTimer = setInterval(() => {
        void reloadClients().catch(() => undefined)
        void this.signOutEnded().catch((error: unknown) => deps.onError(error))
        void deps.repo.sweepExpired().catch((error: unknown) => deps.onError(error))
      }, keyReloadMs)
      reloadTimer.unref()
    },

    /**
     * Back-channel logout (OpenID Connect Back-Channel Logout 1.0) to every site a member was
     * handed to, for each provider session whose member was disabled, locked, changed their
     * password, or had their sessions ended since. Returns the logout tokens sent.
     */
    async signOutEnded(): Promise<number> {
      const sessions = [
        ...(await deps.repo.takeEndedSessions(sessionEndingEvents)),
        ...(await deps.repo.takeOwedLogouts()),
      ]
      if (sessions.length === 0) return 0
      const provider = await this.provider()
      let sent = 0
      for (const { id, payload: session, expiresAt } of sessions) {
        const authorizations = (session.authorizations ?? {}) as Record<
          string,
          { sid?: string; grantId?: string }
        >
        const owed: typeof authorizations = {}
        for (const [clientId, authorization] of Object.entries(authorizations)) {
          const { sid, grantId } = authorization
          if (grantId) await deps.repo.adapterFor('Grant').revokeByGrantId(grantId)
          // The provider's own logout token (signed, with the site's subject), sent by it.
          const site = (await provider.Client.find(clientId)) as LoggingOutClient | undefined
          if (!site?.backchannelLogoutUri || !session.accountId) continue
          await site.backchannelLogout(session.accountId, sid ?? '').then(
            () => sent++,
            (error: unknown) => {
              deps.onError(error)
              owed[clientId] = authorization
            },
          )
        }
        // A site that did not take it is sent it again by the next sweep (the retry).
        if (Object.keys(owed).length > 0) {
          await deps.repo.oweLogout(id, { ...session, authorizations: owed }, expiresAt)
        }
      }
      return sent
    },
    /**
     * `signOutEnded` now, not awaited (an event just ended a member's sign-ins); a failure is
     * logged and the sweep retries it.
     */
    signOutSoon() {
      const run = this.signOutEnded().then(
        () => undefined,
        (error: unknown) => deps.onError(error),
      )
      signingOut.add(run)
      void run.finally(() => signingOut.delete(run))
    },

    /** Resolves once every sign-out `signOutSoon` started has ended (tests, shutdown). */
    async signOutsSettled() {
      await Promise.all(signingOut)
    },

    stop: () => clearInterval(reloadTimer),
    reloadClients,

    /** Reads the keys and sites again at the next request (after a rotation, in tests). */
    async refresh() {
      if (current) current.loadedAt = 0
      await reloadClients()
    },

    /** The provider with the key set of at most `keyReloadMs` ago. */
    async provider(): Promise<Provider> {
      if (current && Date.now() - current.loadedAt < keyReloadMs) return current.provider
      loading ??= load().finally(() => (loading = undefined))
      return loading
    },

    /** The registered sites (the support console lists them). */
    listSites: () => deps.repo.listClients(),

    async programOfClient(clientId: string) {
      return (await deps.repo.findClient(clientId))?.program
    },

    /** Does the program's site take the member by OpenID Connect (catalogue, PROGRAM_HANDOFF)? */
    takesOpenIdConnect: (program: string) => deps.openIdPrograms.has(program),

    /** The programs on OpenID Connect with no site registered (the hand-off refuses them). */
    async programsWithoutSite(): Promise<string[]> {
      const clients = clientsByProgram ?? (await reloadClients())
      return [...deps.openIdPrograms].filter((program) => !clients.has(program))
    },

    /**
     * The client of a program on OpenID Connect (the site the member is handed to), if one is
     * registered; a site registered for a program on the spec's hand-off is not used.
     */
    async clientOfProgram(program: string) {
      if (!deps.openIdPrograms.has(program)) return undefined
      return (clientsByProgram ?? (await reloadClients())).get(program)
    },

    /** After the second factor: the member may be handed over once, within two minutes. */
    setHandover(reply: FastifyReply, handover: Handover) {
      const sealed = seal(
        deps.cookieKey,
        JSON.stringify({
          ...handover,
          id: randomToken(16),
          exp: nowSeconds(deps) + handoverSeconds,
        }),
      )
      void reply.setCookie(handoverCookie, sealed, cookieOptions(handoverSeconds))
    },

    /**
     * The login the interaction finishes with: the handover for `program`, taken once (a copy
     * of the cookie replayed finds it spent), or undefined.
     */
    async takeHandover(request: FastifyRequest, reply: FastifyReply, program: string) {
      const sealed = request.cookies[handoverCookie]
      if (!sealed) return undefined
      void reply.clearCookie(handoverCookie, { path: '/' })
      const opened = open(deps.cookieKey, sealed)
      if (!opened) return undefined
      const handover = JSON.parse(opened) as Handover & { id: string; exp: number }
      if (handover.exp < nowSeconds(deps) || handover.program !== program) return undefined
      // One statement spends it: of parallel requests with one copy, only one gets a login.
      if (!(await deps.repo.spendOnce('PortalHandover', handover.id, handoverSeconds))) {
        return undefined
      }
      return {
        accountId: String(handover.userId),
        ts: handover.authTime,
        amr: handover.amr,
        ...(handover.amr.length > 1 ? { acr: secondFactorAcr } : {}),
      }
    },

    /** Remembers which site's request waits while the member signs in at the portal. */
    rememberPending(reply: FastifyReply, uid: string, program: string) {
      const sealed = seal(deps.cookieKey, JSON.stringify({ uid, program }))
      void reply.setCookie(pendingCookie, sealed, cookieOptions(15 * 60))
    },

    /**
     * The programs on OpenID Connect whose hand-off this request cannot make (handoffUrl
     * would throw SiteNotReady), each with that error. Asked before the hand-off's statement,
     * which leaves their sessions as they are: the member can try again once the site is
     * registered. None (and nothing asked) when no program is on OpenID Connect.
     */
    async programsNotReady(request: FastifyRequest): Promise<Map<string, SiteNotReady>> {
      const notReady = new Map<string, SiteNotReady>()
      if (deps.openIdPrograms.size === 0) return notReady
      const pending = pendingOf(request)
      for (const program of deps.openIdPrograms) {
        try {
          await this.handoffTarget(program, pending)
        } catch (error) {
          if (!(error instanceof SiteNotReady)) throw error
          notReady.set(program, error)
        }
      }
      return notReady
    },

    /**
     * Where the hand-off sends a member of `program` (on OpenID Connect): the waiting request,
     * or the site's login initiation. Throws SiteNotReady when the program has no site, or a
     * member came on their own and the site has no login initiation to send them to.
     */
    async handoffUrl(
      request: FastifyRequest,
      reply: FastifyReply,
      program: string,
    ): Promise<string> {
      const pending = pendingOf(request)
      if (pending) void reply.clearCookie(pendingCookie, { path: '/' })
      return this.handoffTarget(program, pending)
    },

    /** handoffUrl's answer, changing nothing. */
    async handoffTarget(
      program: string,
      pending: { uid: string; program: string } | undefined,
    ): Promise<string> {
      const client = await this.clientOfProgram(program)
      if (!client) throw new SiteNotReady(program)
      if (pending?.program === program) return deps.interactionUrl(pending.uid)
      const initiate = client.metadata.initiate_login_uri
      if (typeof initiate !== 'string') {
        throw new SiteNotReady(program, 'its site has no initiate_login_uri')
      }
      // OpenID Connect third-party initiated login: the site starts a request at once.
      return `${initiate}${initiate.includes('?') ? '&' : '?'}${new URLSearchParams({ iss: deps.issuer })}`
    },

    /** The program's login page, in the language the site asked for (`ui_locales`). */
    loginPageOf(program: string, uiLocales: string) {
      const code = findProgram(program)?.code
      const flavour = code ? programOf(code).flavour : 'usweb'
      const asked = uiLocales.split(' ').find((tag) => tag !== '')
      const locale = asked ? (isLocale(asked) ? asked : localeFromAcceptLanguage(asked)) : undefined
      // The flavour's area (usweb, proliability: flavours.ts), where its login page lives.
      return {
        url: `/${flavours[flavour].area}/login?${new URLSearchParams({ prgName: code ?? program })}`,
        locale,
      }
    },

    localeCookie,
  }
}
export type OidcService = ReturnType<typeof oidcService>

const nowSeconds = (deps: Pick<OidcDeps, 'clock'>) => Math.floor(deps.clock.now().getTime() / 1000)
