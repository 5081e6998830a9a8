// The OpenID Provider's tables (issue 44; docs/decisions/0025-openid-connect.md). Part of the
// one schema: schema.ts re-exports them.
import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * OpenID Connect (issue 44): what oidc-provider keeps between the steps of a sign-in (codes,
 * grants, its sessions, interactions), by its model name and id; any instance answers any step.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text().notNull(),
    id: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    grantId: text(),
    uid: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_id_idx')
      .on(t.grantId)
      .where(sql`${t.grantId} IS NOT NULL`),
    index('oidc_payloads_uid_idx')
      .on(t.uid)
      .where(sql`${t.uid} IS NOT NULL`),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
)

/** The program sites registered as OpenID Connect clients (`portal-admin oidc-client …`). */
export const oidcClients = pgTable('oidc_clients', {
  clientId: text().primaryKey(),
  program: text().notNull(),
  metadata: jsonb().$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
})

/**
 * The provider's ES256 signing keys, each private key sealed with SESSION_SECRET's first key. A
 * key is published from its creation and signs from `signsFrom` (rotation's overlap: every
 * instance publishes it before any signs with it); a retired key no longer verifies.
 */
export const oidcSigningKeys = pgTable('oidc_signing_keys', {
  kid: text().primaryKey(),
  sealedJwk: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  signsFrom: timestamp({ withTimezone: true }).notNull(),
  retiredAt: timestamp({ withTimezone: true }),
})
