// Issue 44: portal-admin's OpenID Connect commands. The sites (clients) of programs, and the
// provider's signing keys; every change is audited with the operator and --reason.
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import type { Config } from '../config.ts'
import type { Clock } from '../lib/clock.ts'
import { deriveKey } from '../lib/crypto.ts'
import type { SiteRegistration } from '../modules/oidc/oidc-admin.ts'
import { auditRepo } from '../store/audit.repo.ts'
import type { Database } from '../store/db.ts'
import { oidcRepo } from '../store/oidc.repo.ts'
import { operatorActor, takeReason } from './operator.ts'

export const oidcUsage = `  portal-admin oidc-site add <client-id> --program <code> --redirect-uri <url> [--redirect-uri <url> …]
      (--jwks-file <file> | --jwks-uri <url>) [--initiate-login-uri <url>]
      [--backchannel-logout-uri <url>] [--post-logout-redirect-uri <url> …] [--reason <text>]
  portal-admin oidc-site list
  portal-admin oidc-site set-keys <client-id> (--jwks-file <file> | --jwks-uri <url>) [--reason <text>]
  portal-admin oidc-site remove <client-id> [--reason <text>]
  portal-admin oidc-keys rotate [--overlap-minutes <n>] [--reason <text>]
  portal-admin oidc-keys retire [--reason <text>]
  portal-admin oidc-keys list`

interface Context {
  database: Database
  config: Config
  clock: Clock
}

function fail(message: string): number {
  console.error(message)
  return 1
}

const siteOptions = {
  program: { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true },
  'jwks-file': { type: 'string' },
  'jwks-uri': { type: 'string' },
  'initiate-login-uri': { type: 'string' },
  'backchannel-logout-uri': { type: 'string' },
  'post-logout-redirect-uri': { type: 'string', multiple: true },
  'overlap-minutes': { type: 'string' },
} as const

async function keysOf(values: { 'jwks-file'?: string; 'jwks-uri'?: string }) {
  if (values['jwks-file']) {
    return {
      jwks: JSON.parse(await readFile(values['jwks-file'], 'utf8')) as SiteRegistration['jwks'],
    }
  }
  if (values['jwks-uri']) return { jwksUri: values['jwks-uri'] }
  return undefined
}

export function oidcCommand(command: string | undefined) {
  if (command !== 'oidc-site' && command !== 'oidc-keys') return undefined
  return async ({ database, config, clock }: Context, givenArgs: string[]): Promise<number> => {
    const { reason, rest } = takeReason(givenArgs, `${command} by an operator`)
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: siteOptions,
    })
    const [action, clientId] = positionals
    // Loaded for these commands only: the provider is a large import every other command skips.
    const [{ issuerOf }, { oidcAdmin }] = await Promise.all([
      import('../modules/oidc/oidc.module.ts'),
      import('../modules/oidc/oidc-admin.ts'),
    ])
    const admin = oidcAdmin({
      repo: oidcRepo(database.db, clock),
      clock,
      issuer: issuerOf(config),
      sealKey: deriveKey(config.sessionSecret, 'oidc-signing-keys'),
      record: auditRepo(database.db, clock).record,
      actor: operatorActor(),
    })
    try {
      if (command === 'oidc-keys') {
        if (action === 'list') {
          for (const key of await admin.listKeys()) {
            console.log(
              `${key.kid}\tcreated ${key.createdAt.toISOString()}\tsigns from ${key.signsFrom.toISOString()}`,
            )
          }
          return 0
        }
        if (action === 'rotate') {
          const minutes = Number(values['overlap-minutes'] ?? '10')
          if (!Number.isFinite(minutes) || minutes < 1)
            return fail('--overlap-minutes must be 1 or more.')
          const { kid, signsFrom } = await admin.rotateKeys(minutes * 60_000, reason)
          console.log(
            `Key ${kid} is published now and signs from ${signsFrom.toISOString()}; retire the older keys after the ID tokens they signed have expired (oidc-keys retire).`,
          )
          return 0
        }
        if (action === 'retire') {
          console.log(`Retired ${await admin.retireKeys(reason)} key(s).`)
          return 0
        }
        return fail(oidcUsage)
      }
      if (action === 'list') {
        for (const site of await admin.listSites()) {
          console.log(
            `${site.clientId}\t${site.program}\t${JSON.stringify(site.metadata.redirect_uris)}`,
          )
        }
        return 0
      }
      if (!clientId) return fail(oidcUsage)
      if (action === 'remove') {
        await admin.removeSite(clientId, reason)
        console.log(
          `Site ${clientId} removed; running instances stop answering it within a minute.`,
        )
        return 0
      }
      const keys = await keysOf(values)
      if (!keys) return fail("Give the site's public keys: --jwks-file or --jwks-uri.")
      if (action === 'set-keys') {
        await admin.setSiteKeys(clientId, keys, reason)
        console.log(`Site ${clientId}'s keys replaced.`)
        return 0
      }
      if (action === 'add') {
        if (!values.program || !values['redirect-uri']) return fail(oidcUsage)
        await admin.addSite(
          {
            clientId,
            program: values.program,
            redirectUris: values['redirect-uri'],
            ...keys,
            initiateLoginUri: values['initiate-login-uri'],
            backchannelLogoutUri: values['backchannel-logout-uri'],
            postLogoutRedirectUris: values['post-logout-redirect-uri'],
          },
          reason,
        )
        // Registering switches nothing: the catalogue, or PROGRAM_HANDOFF, says the program's way.
        const onOpenId = (config.openIdConnectPrograms as readonly string[]).includes(
          values.program,
        )
        console.log(
          onOpenId
            ? `Site ${clientId} registered for ${values.program}; running instances answer it within a minute.`
            : `Site ${clientId} registered for ${values.program}, which takes the spec's hand-off: ` +
                `set PROGRAM_HANDOFF=${values.program}=openid-connect and restart to switch it.`,
        )
        return 0
      }
      return fail(oidcUsage)
    } catch (error) {
      // A refusal of the provider's client schema, or of the registry, said in one line.
      if (
        error instanceof RangeError ||
        (error instanceof Error && error.name === 'InvalidClientMetadata')
      ) {
        return fail(error.message)
      }
      throw error
    }
  }
}
