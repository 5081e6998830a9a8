// Issue 44: the portal as an OpenID Provider for program sites that take the member by OpenID
// Connect instead of the spec's hand-off (§4). oidc-provider (certified) does every protocol
// step; this file only configures it: where it keeps state (the portal's database), which
// clients exist (portal-admin registers them), the keys it signs with, and what it says of a
// member (the claims). No JWT, JWK or PKCE code of the portal's own.
import { generateKeyPairSync, randomUUID } from 'node:crypto'
import Provider, { type Adapter, type Configuration, type JWK } from 'oidc-provider'
import { hmac, openWithAny, seal } from '../../lib/crypto.ts'
import type { Clock } from '../../lib/clock.ts'
import type { OidcRepo } from '../../store/oidc.repo.ts'

/** What a site learns of the member: the claims of the `profile` and `program` scopes. */
export interface OidcMember {
  custnum: string
  program: string
  association: string
  /** The customer record's name (cname) and first name. */
  name: string | null
  givenName: string | null
}

export interface OidcDeps {
  /** The provider's issuer: the portal's public origin with `/oidc`. */
  issuer: string
  repo: OidcRepo
  clock: Clock
  /**
   * The programs whose site takes the member by OpenID Connect (the catalogue's `handoff`,
   * PROGRAM_HANDOFF, the demo's). A site registered for another program is unknown to the
   * provider: its requests are refused (invalid_client), as its program's hand-off is the spec's.
   */
  openIdPrograms: ReadonlySet<string>
  /** Seals new signing keys; opens the keys sealed under any of SESSION_SECRET's list. */
  keys: { seal: Buffer; open: readonly Buffer[] }
  /** The key of the per-program subject (a keyed hash: stable per program, unlinkable across). */
  subjectKey: Buffer
  /** Signs the provider's cookies; the first signs, all verify. */
  cookieKeys: string[]
  /** The member a site may be told of, or undefined (unknown, disabled, locked): no token. */
  memberOf(accountId: string, program: string): Promise<OidcMember | undefined>
  /** Where the portal asks a member to sign in for the interaction `uid` of `program`. */
  interactionUrl(uid: string): string
  secureCookies: boolean
  /** A failure the member does not see (a site's logout endpoint down): logged. */
  onError(error: unknown): void
  /**
   * The demo's sites listen on this machine. Elsewhere the provider refuses to call a site's
   * address that resolves to a loopback or private one (its protection against SSRF).
   */
  sitesMayBeLocal?: boolean
}

/** The scopes a site may ask for and the claims each gives; anything else gives nothing. */
const claimsByScope = {
  openid: ['sub', 'auth_time', 'acr', 'amr'],
  profile: ['name', 'given_name'],
  program: ['customer_number', 'program', 'association'],
}

/** `acr` of a sign-in with a second factor (password and code, or a passkey). */
export const secondFactorAcr = 'urn:program-portal:acr:second-factor'

/** A new ES256 key pair as a private JWK with its key id. */
export function newSigningJwk(): JWK & { kid: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = privateKey.export({ format: 'jwk' })
  return { ...jwk, kid: randomUUID(), alg: 'ES256', use: 'sig' } as JWK & { kid: string }
}

/** Adds a signing key that every instance publishes now and that signs from `signsFrom`. */
export async function addSigningKey(
  repo: OidcRepo,
  sealKey: Buffer,
  signsFrom: Date,
): Promise<string> {
  const jwk = newSigningJwk()
  await repo.addSigningKey(jwk.kid, seal(sealKey, JSON.stringify(jwk)), signsFrom)
  return jwk.kid
}

/**
 * The key set the provider loads: every active key verifies (is published); the newest key
 * whose `signsFrom` has come signs. The first start of a portal makes its first key.
 */
export async function loadSigningKeys(deps: Pick<OidcDeps, 'repo' | 'keys' | 'clock'>) {
  let rows = await deps.repo.activeSigningKeys()
  if (rows.length === 0) {
    await addSigningKey(deps.repo, deps.keys.seal, deps.clock.now())
    rows = await deps.repo.activeSigningKeys()
  }
  const now = deps.clock.now().getTime()
  const signingKid = rows.find((row) => row.signsFrom.getTime() <= now)?.kid ?? rows.at(-1)?.kid
  const jwks: JWK[] = []
  for (const row of rows) {
    const opened = openWithAny(deps.keys.open, row.sealedJwk)
    if (opened === undefined) continue // sealed under a secret no longer in SESSION_SECRET
    const jwk = JSON.parse(opened) as JWK
    // The signing key first: the provider signs with the first key of the algorithm (its
    // key store keeps the order); the others are published and verify (the overlap).
    if (row.kid === signingKid) jwks.unshift(jwk)
    else jwks.push(jwk)
  }
  return { jwks, fingerprint: `${signingKid}|${rows.map((row) => row.kid).join(',')}` }
}

export function createProvider(deps: OidcDeps, jwks: JWK[]): Provider {
  const { repo } = deps
  const clientAdapter: Adapter = {
    async find(id) {
      const client = await repo.findClient(id)
      if (!client || !deps.openIdPrograms.has(client.program)) return undefined
      // The login initiation address is the portal's to use (the hand-off), never the
      // provider's: its https rule was checked at registration (oidc-admin.ts).
      const { initiate_login_uri: _portalOnly, ...metadata } = client.metadata
      return { ...metadata, client_id: client.clientId }
    },
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
    upsert: async () => undefined,
    consume: async () => undefined,
    destroy: async () => undefined,
    revokeByGrantId: async () => undefined,
  }
  const programOfClient = async (clientId: string) => (await repo.findClient(clientId))?.program

  const configuration: Configuration = {
    adapter: (model: string) => (model === 'Client' ? clientAdapter : repo.adapterFor(model)),
    jwks: { keys: jwks },
    cookies: {
      keys: deps.cookieKeys,
      long: { signed: true, secure: deps.secureCookies, sameSite: 'lax' },
      short: { signed: true, secure: deps.secureCookies, sameSite: 'lax' },
    },
    pkce: { required: () => true },
    clientAuthMethods: ['private_key_jwt'],
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'private_key_jwt',
      id_token_signed_response_alg: 'ES256',
      subject_type: 'pairwise',
    },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    subjectTypes: ['pairwise'],
    // The subject a program's site sees: stable for that program, meaningless for another.
    async pairwiseIdentifier(_ctx, accountId, client) {
      const program = (await programOfClient(client.clientId)) ?? client.clientId
      return hmac(deps.subjectKey, `${program}:${accountId}`)
    },
    scopes: Object.keys(claimsByScope),
    claims: claimsByScope,
    acrValues: [secondFactorAcr],
    // The claims of the scopes granted travel in the ID token itself: a site reads the member
    // from the token it verified, with no second call.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true },
      backchannelLogout: { enabled: true },
      userinfo: { enabled: true },
      claimsParameter: { enabled: false },
      introspection: { enabled: false },
      revocation: { enabled: true },
    },
    responseTypes: ['code'],
    ttl: {
      AuthorizationCode: 60,
      IdToken: 300,
      AccessToken: 300,
      Interaction: 15 * 60,
      Session: 30 * 60,
      Grant: 30 * 60,
    },
    interactions: { url: (_ctx, interaction) => deps.interactionUrl(interaction.uid) },
    // A site registered by the operator is the program's own: no consent screen. The grant
    // gives the scopes above and no more (a claim asked for outside them is not given).
    async loadExistingGrant(ctx) {
      const { oidc } = ctx
      const accountId = oidc.session?.accountId
      const client = oidc.client
      if (!accountId || !client) return undefined
      const existing = oidc.session?.grantIdFor(client.clientId)
      if (existing) {
        const grant = await oidc.provider.Grant.find(existing)
        if (grant) return grant
      }
      const grant = new oidc.provider.Grant({ accountId, clientId: client.clientId })
      grant.addOIDCScope(Object.keys(claimsByScope).join(' '))
      await grant.save()
      return grant
    },
    async findAccount(ctx, accountId) {
      const clientId = ctx.oidc.client?.clientId
      const program = clientId ? await programOfClient(clientId) : undefined
      if (!program) return undefined
      const member = await deps.memberOf(accountId, program)
      if (!member) return undefined
      return {
        accountId,
        async claims() {
          return {
            sub: accountId,
            name: member.name ?? undefined,
            given_name: member.givenName ?? undefined,
            customer_number: member.custnum,
            program: member.program,
            association: member.association,
          }
        },
      }
    },
    extraClientMetadata: { properties: ['initiate_login_uri'] },
    ...(deps.sitesMayBeLocal
      ? {
          fetch: (url: string | URL | Request, options?: RequestInit) => {
            const { dispatcher: _protected, ...rest } = (options ?? {}) as RequestInit & {
              dispatcher?: unknown
            }
            return fetch(url, rest)
          },
        }
      : {}),
    renderError(ctx, out) {
      ctx.type = 'application/json'
      ctx.body = { error: out.error, error_description: out.error_description }
    },
  }
  const provider = new Provider(deps.issuer, configuration)
  provider.proxy = true
  provider.on('server_error', (_ctx, error) => deps.onError(error))
  return provider
}
