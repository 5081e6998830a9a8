// Issue 44: what an operator does to the provider (portal-admin oidc-…): register a program's
// site as a client, replace its keys, remove it; rotate and retire the signing keys. Each change
// is audited. A registration is checked by oidc-provider's own client schema before it is kept.
import { findProgram } from '@portal/contract'
import type { Clock } from '../../lib/clock.ts'
import type { AuditEntry, AuditEvent } from '../../store/audit.repo.ts'
import type { ClientMetadata } from 'oidc-provider'
import type { OidcRepo } from '../../store/oidc.repo.ts'
import { addSigningKey, createProvider, newSigningJwk, type OidcDeps } from './oidc-provider.ts'

export interface SiteRegistration {
  clientId: string
  program: string
  redirectUris: string[]
  /** The site's public keys (its private_key_jwt): a JWKS document, or where it publishes one. */
  jwks?: { keys: Record<string, unknown>[] }
  jwksUri?: string
  initiateLoginUri?: string
  backchannelLogoutUri?: string
  postLogoutRedirectUris?: string[]
}

interface Deps {
  repo: OidcRepo
  clock: Clock
  issuer: string
  sealKey: Buffer
  record(entry: AuditEntry): Promise<void>
  actor: string
  /** The demo's sites on this machine: a login initiation at http://localhost passes. */
  sitesMayBeLocal?: boolean
}

const loopbackHttp = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//

export function oidcAdmin({ repo, clock, issuer, sealKey, record, actor, sitesMayBeLocal }: Deps) {
  /** A provider to check metadata with (its schema), never serving. */
  const checker = () =>
    createProvider(
      {
        issuer,
        repo,
        clock,
        openIdPrograms: new Set(),
        keys: { seal: sealKey, open: [sealKey] },
        subjectKey: sealKey,
        cookieKeys: ['unused'],
        memberOf: async () => undefined,
        interactionUrl: (uid) => uid,
        secureCookies: true,
        onError: () => undefined,
      } satisfies OidcDeps,
      [newSigningJwk()],
    )

  async function metadataOf(site: SiteRegistration): Promise<Record<string, unknown>> {
    const metadata = {
      redirect_uris: site.redirectUris,
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_signing_alg: 'ES256',
      ...(site.jwks ? { jwks: site.jwks } : {}),
      ...(site.jwksUri ? { jwks_uri: site.jwksUri } : {}),
      ...(site.initiateLoginUri ? { initiate_login_uri: site.initiateLoginUri } : {}),
      ...(site.backchannelLogoutUri ? { backchannel_logout_uri: site.backchannelLogoutUri } : {}),
      ...(site.postLogoutRedirectUris
        ? { post_logout_redirect_uris: site.postLogoutRedirectUris }
        : {}),
    }
    await check(site.clientId, metadata)
    return metadata
  }

  /**
   * A site's metadata against the provider's schema, on registration and on every change.
   * OpenID Connect wants the login initiation on https; the demo's site is on this machine.
   */
  async function check(clientId: string, metadata: Record<string, unknown>) {
    const initiate = metadata.initiate_login_uri
    const checked =
      sitesMayBeLocal && typeof initiate === 'string' && loopbackHttp.test(initiate)
        ? { ...metadata, initiate_login_uri: initiate.replace(/^http:/, 'https:') }
        : metadata
    await checker().Client.validate({ ...checked, client_id: clientId } as ClientMetadata)
  }

  const audited = (event: AuditEvent, reason: string, detail: Record<string, unknown>) =>
    record({ event, actor, reason, detail })

  return {
    async addSite(site: SiteRegistration, reason: string) {
      const program = findProgram(site.program)?.code
      if (!program) throw new RangeError(`Unknown program ${site.program}.`)
      if (await repo.findClient(site.clientId)) {
        throw new RangeError(`A site is already registered as ${site.clientId}.`)
      }
      if ((await repo.listClients()).some((client) => client.program === program)) {
        throw new RangeError(`Program ${program} already has a site; remove it first.`)
      }
      await repo.addClient(site.clientId, program, await metadataOf({ ...site, program }))
      await audited('operator.oidc_site_added', reason, { clientId: site.clientId, program })
    },

    /** Replaces a site's public keys (its rotation: the site publishes the new key first). */
    async setSiteKeys(
      clientId: string,
      keys: Pick<SiteRegistration, 'jwks' | 'jwksUri'>,
      reason: string,
    ) {
      const client = await repo.findClient(clientId)
      if (!client) throw new RangeError(`No site is registered as ${clientId}.`)
      const { jwks: _jwks, jwks_uri: _jwksUri, ...rest } = client.metadata
      const metadata = {
        ...rest,
        ...(keys.jwks ? { jwks: keys.jwks } : {}),
        ...(keys.jwksUri ? { jwks_uri: keys.jwksUri } : {}),
      }
      await check(clientId, metadata)
      await repo.updateClient(clientId, metadata)
      await audited('operator.oidc_site_keys_set', reason, { clientId })
    },

    async removeSite(clientId: string, reason: string) {
      if (!(await repo.removeClient(clientId))) {
        throw new RangeError(`No site is registered as ${clientId}.`)
      }
      await audited('operator.oidc_site_removed', reason, { clientId })
    },

    listSites: () => repo.listClients(),

    /**
     * A new signing key, published by every instance at once and signing from `overlap` on;
     * the keys before it keep verifying until `retireKeys`.
     */
    async rotateKeys(overlapMs: number, reason: string) {
      const signsFrom = new Date(clock.now().getTime() + overlapMs)
      const kid = await addSigningKey(repo, sealKey, signsFrom)
      await audited('operator.oidc_key_rotated', reason, {
        kid,
        signsFrom: signsFrom.toISOString(),
      })
      return { kid, signsFrom }
    },

    /** Retires the keys older than the one signing now: tokens they signed stop verifying. */
    async retireKeys(reason: string) {
      const now = clock.now().getTime()
      const signing = (await repo.activeSigningKeys()).find((key) => key.signsFrom.getTime() <= now)
      if (!signing) return 0
      const retired = await repo.retireSigningKeysBefore(signing.kid)
      await audited('operator.oidc_keys_retired', reason, { keptKid: signing.kid, retired })
      return retired
    },

    listKeys: () => repo.activeSigningKeys(),
  }
}
export type OidcAdmin = ReturnType<typeof oidcAdmin>
