// Demo mode only (issue 44): the main site of one program as a real OpenID Connect relying
// party, with openid-client as a site's owner would run it, so a reader sees the whole
// exchange on one machine. At start it makes its own key pair and registers itself as the
// program's site (replacing the registration of an earlier start, whose key is gone); then
//   /demo/main-site/oidc/start     its initiate_login_uri: an authorization request with PKCE,
//                                  state and nonce (kept sealed in a short cookie);
//   /demo/main-site/oidc/callback  the code exchanged server to server, the ID token verified,
//                                  the claims shown;
//   /demo/main-site/oidc/backchannel-logout  the portal's logout token verified and listed.
// Its calls to the provider go through Fastify's inject: the same process, no port to know.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose'
import * as client from 'openid-client'
import type { Clock } from '../lib/clock.ts'
import { deriveKey, open, seal } from '../lib/crypto.ts'
import { escapeHtml } from '../lib/html.ts'
import { oidcAdmin } from '../modules/oidc/oidc-admin.ts'
import type { OidcService } from '../modules/oidc/oidc.service.ts'
import type { Store } from '../store/index.ts'
import { demoPage } from './demo-page.ts'

/**
 * The programs whose demo main site takes the member by OpenID Connect: the demo puts them on
 * it (buildApp's `demoOidcSite`), as PROGRAM_HANDOFF would a deployment's. One usweb program no
 * other browser test signs in to. The one pl program (proliability) stays on the spec's
 * hand-off, which the pl tests read.
 */
export const demoOidcPrograms = ['dtcpnc'] as const

/**
 * buildApp's `demoOidcSite`: true for the demo's programs, or the programs a test names (the
 * OpenID Connect browser test adds proliability, in a portal of its own, for the pl flavour).
 */
export type DemoOidcSite = boolean | readonly string[]
export const demoOidcProgramsOf = (option: DemoOidcSite): readonly string[] =>
  option === true ? demoOidcPrograms : option === false ? [] : option
export const demoClientIdOf = (program: string) => `demo-main-site-${program}`

const base = '/demo/main-site/oidc'
const stateCookie = 'demo_rp_request'
const backchannelEvent = 'http://schemas.openid.net/event/backchannel-logout'

/** openid-client's fetch, answered by `app` through inject (the site's server's calls). */
export function injectFetch(app: FastifyInstance): client.CustomFetch {
  return async (url, options) => {
    const { host, pathname, search } = new URL(url)
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: pathname + search,
      // The provider names its endpoints after the host asked (the issuer's).
      headers: { ...Object.fromEntries(new Headers(options.headers).entries()), host },
      ...(options.body ? { payload: String(options.body) } : {}),
    })
    return new Response(
      response.rawPayload.length > 0 ? new Uint8Array(response.rawPayload) : null,
      {
        status: response.statusCode,
        headers: Object.entries(response.headers).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, String(value)] as [string, string]],
        ),
      },
    )
  }
}

interface Deps {
  /** The programs whose demo main site registers (demoOidcProgramsOf). */
  programs: readonly string[]
  store: Store
  clock: Clock
  oidc: OidcService
  issuer: string
  sessionSecret: string
  secureCookies: boolean
}

interface Pending {
  program: string
  verifier: string
  state: string
  nonce: string
}

export async function demoMainSiteOidcRoutes(app: FastifyInstance, deps: Deps) {
  const { issuer } = deps
  const siteOrigin = new URL(issuer).origin
  const cookieKey = deriveKey(deps.sessionSecret, 'demo-relying-party')
  const redirectUri = `${siteOrigin}${base}/callback`
  const admin = oidcAdmin({
    repo: deps.store.oidc,
    clock: deps.clock,
    issuer,
    sealKey: deriveKey(deps.sessionSecret, 'oidc-signing-keys'),
    record: deps.store.audit.record,
    actor: 'demo',
    sitesMayBeLocal: true,
  })
  const sites = new Map<string, { clientId: string; key: CryptoKeyPair }>()
  for (const program of deps.programs) {
    const clientId = demoClientIdOf(program)
    const key = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair
    const publicJwk = await crypto.subtle.exportKey('jwk', key.publicKey)
    const site = {
      clientId,
      program,
      redirectUris: [redirectUri],
      jwks: { keys: [{ ...publicJwk, kid: `${clientId}-1`, alg: 'ES256', use: 'sig' }] },
      initiateLoginUri: `${siteOrigin}${base}/start?program=${program}`,
      backchannelLogoutUri: `${siteOrigin}${base}/backchannel-logout`,
    }
    const isRegistered = async () =>
      (await admin.listSites()).some((row) => row.clientId === clientId)
    // Registered by an earlier start: registered again, with this start's key and addresses.
    // Another instance starting at the same time may register it first: its key is replaced.
    const restarted = 'demo main site restarted with a new key'
    try {
      if (await isRegistered()) await admin.removeSite(clientId, restarted)
      await admin.addSite(site, 'demo main site')
    } catch (error) {
      if (!(await isRegistered())) throw error
      await admin.setSiteKeys(clientId, site, restarted)
    }
    sites.set(program, { clientId, key })
  }
  await deps.oidc.refresh()

  const fetchInProcess = injectFetch(app)
  const configurations = new Map<string, Promise<client.Configuration>>()
  const configurationOf = (program: string) => {
    const site = sites.get(program)
    if (!site) return undefined
    let found = configurations.get(program)
    if (!found) {
      found = client
        .discovery(
          new URL(issuer),
          site.clientId,
          { redirect_uris: [redirectUri] },
          client.PrivateKeyJwt(site.key.privateKey),
          // http on this machine: the demo only (a real site talks https to the portal).
          { [client.customFetch]: fetchInProcess, execute: [client.allowInsecureRequests] },
        )
        .then((configuration) => {
          configuration[client.customFetch] = fetchInProcess
          return configuration
        })
      found.catch(() => configurations.delete(program))
      configurations.set(program, found)
    }
    return found
  }
  /** The last logout tokens received, newest first (what a site would end its sessions by). */
  const logouts: { sub: string; sid: string; at: string }[] = []

  const outsideSession = { config: { outsideSession: true } }
  const cookieOptions = {
    path: base,
    httpOnly: true,
    secure: deps.secureCookies,
    sameSite: 'lax',
    maxAge: 600,
  } as const
  const show = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(demoPage({ title, body: `<h1>${escapeHtml(title)}</h1>${body}` }))

  app.get<{ Querystring: { program?: string; iss?: string } }>(
    `${base}/start`,
    outsideSession,
    async (request, reply) => {
      const program = request.query.program ?? deps.programs[0] ?? ''
      const configuration = configurationOf(program)
      if (!configuration || (request.query.iss !== undefined && request.query.iss !== issuer)) {
        return show(reply, 400, 'Main program site (demo)', '<p>Unknown program or issuer.</p>')
      }
      // The request, the callback and the portal's cookies live on one origin: the issuer's.
      if (requestOrigin(request) !== siteOrigin) {
        return reply.redirect(`${siteOrigin}${request.url}`, 303)
      }
      const pending: Pending = {
        program,
        verifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
      }
      const authorize = client.buildAuthorizationUrl(await configuration, {
        redirect_uri: redirectUri,
        scope: 'openid profile program',
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      })
      void reply.setCookie(stateCookie, seal(cookieKey, JSON.stringify(pending)), cookieOptions)
      return reply.header('cache-control', 'no-store').redirect(authorize.href, 303)
    },
  )

  app.get(`${base}/callback`, outsideSession, async (request, reply) => {
    const sealed = request.cookies[stateCookie]
    void reply.clearCookie(stateCookie, { path: base })
    const opened = sealed ? open(cookieKey, sealed) : undefined
    const pending = opened ? (JSON.parse(opened) as Pending) : undefined
    const configuration = pending ? configurationOf(pending.program) : undefined
    if (!pending || !configuration) {
      return show(reply, 400, 'Sign-in failed (demo)', '<p>No sign-in was started here.</p>')
    }
    try {
      const tokens = await client.authorizationCodeGrant(
        await configuration,
        new URL(request.url, siteOrigin),
        {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        },
      )
      const claims = tokens.claims() ?? {}
      const rows = Object.entries(claims)
        .map(
          ([name, value]) =>
            `<dt>${escapeHtml(name)}</dt><dd data-field="${escapeHtml(name)}">${escapeHtml(
              typeof value === 'string' ? value : JSON.stringify(value),
            )}</dd>`,
        )
        .join('')
      const received = logouts
        .map((logout) => `<li>${escapeHtml(`${logout.at}: sid ${logout.sid}`)}</li>`)
        .join('')
      return show(
        reply,
        200,
        'Main program site (demo relying party)',
        `<p class="note">Exchanged the code for tokens server to server (PKCE, its own signed key), verified the ID token against the portal's published keys, its state and nonce. The claims it received:</p><dl id="claims">${rows}</dl><h2>Back-channel logouts received</h2>${received ? `<ul>${received}</ul>` : '<p>None yet.</p>'}`,
      )
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unknown'
      return show(reply, 400, 'Sign-in failed (demo)', `<p>${escapeHtml(reason)}</p>`)
    }
  })

  app.post<{ Body: { logout_token?: string } | undefined }>(
    `${base}/backchannel-logout`,
    outsideSession,
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      const token = request.body?.logout_token
      const configuration = await configurationOf(deps.programs[0] ?? '')
      const jwksUri = configuration?.serverMetadata().jwks_uri
      if (!token || !jwksUri) return reply.code(400).send({ error: 'invalid_request' })
      try {
        const keys = (await app.inject({ url: new URL(jwksUri).pathname })).json<JSONWebKeySet>()
        const { payload } = await jwtVerify(token, createLocalJWKSet(keys), {
          issuer,
          audience: [...sites.values()].map((site) => site.clientId),
          algorithms: ['ES256'],
        })
        const events = payload.events as Record<string, unknown> | undefined
        if (!events?.[backchannelEvent] || 'nonce' in payload) throw new Error('not a logout')
        logouts.unshift({
          sub: String(payload.sub ?? ''),
          sid: String(payload.sid ?? ''),
          at: deps.clock.now().toISOString(),
        })
        logouts.splice(20)
        return reply.code(200).send()
      } catch {
        return reply.code(400).send({ error: 'invalid_request' })
      }
    },
  )
}

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}
