// What oidc-provider keeps between the steps of a sign-in (issue 44), in the portal's database
// so that any instance answers any step: an authorization on one, the token exchange on another.
// The provider's own Adapter contract: one row per model and id, found by id, by the uid of an
// interaction or session, and revoked together by grant.
import { and, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Clock } from '../lib/clock.ts'
import type { Db } from './db-type.ts'
import { auditLog, oidcClients, oidcPayloads, oidcSigningKeys, users } from './schema.ts'

/** The rows of sessions ended whose back-channel logout a site has not yet taken. */
const owedLogout = 'PortalLogoutOwed'

export function oidcRepo(db: Db, clock: Clock) {
  const live = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, clock.now()))

  const withConsumed = (row: { payload: Record<string, unknown>; consumedAt: Date | null }) =>
    ({
      ...row.payload,
      ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
    }) as AdapterPayload

  /** Rows taken (deleted) and given back, so that one instance acts on each. */
  const take = async (where: ReturnType<typeof and>) => {
    const taken = await db.delete(oidcPayloads).where(where).returning({
      id: oidcPayloads.id,
      payload: oidcPayloads.payload,
      expiresAt: oidcPayloads.expiresAt,
    })
    return taken.map(({ id, payload, expiresAt }) => ({
      id,
      payload: payload as AdapterPayload,
      expiresAt,
    }))
  }

  /** The provider's storage for one of its models (AuthorizationCode, Grant, Session, …). */
  function adapterFor(model: string): Adapter {
    const byId = (id: string) => and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id))
    const first = async (where: ReturnType<typeof and>) => {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(where, live()))
        .limit(1)
      return row ? withConsumed(row) : undefined
    }
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt =
          typeof expiresIn === 'number' ? new Date(clock.now().getTime() + expiresIn * 1000) : null
        const row = {
          payload: payload as Record<string, unknown>,
          grantId: payload.grantId ?? null,
          uid: payload.uid ?? null,
          expiresAt,
        }
        await db
          .insert(oidcPayloads)
          .values({ model, id, ...row })
          .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row })
      },
      find: (id) => first(byId(id)),
      findByUid: (uid) => first(and(eq(oidcPayloads.model, model), eq(oidcPayloads.uid, uid))),
      // Device flow only, which the portal does not offer.
      findByUserCode: async () => undefined,
      async consume(id) {
        await db.update(oidcPayloads).set({ consumedAt: clock.now() }).where(byId(id))
      },
      async destroy(id) {
        await db.delete(oidcPayloads).where(byId(id))
      },
      async revokeByGrantId(grantId) {
        await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId))
      },
    }
  }

  return {
    adapterFor,

    /** Records `id` as used, once: false when it was already (a single-use value spent). */
    async spendOnce(model: string, id: string, expiresInSeconds: number): Promise<boolean> {
      const expiresAt = new Date(clock.now().getTime() + expiresInSeconds * 1000)
      const spent = await db
        .insert(oidcPayloads)
        .values({ model, id, payload: {}, expiresAt })
        .onConflictDoNothing()
        .returning({ id: oidcPayloads.id })
      return spent.length > 0
    },

    /**
     * The provider's sessions of members who must be signed out of every site they were handed
     * to: disabled, locked, a password changed since, or an event that ends a member's
     * sessions (`endingEvents`) since. Taken (deleted) here, so one instance sends each
     * back-channel logout; returns what the logout needs.
     */
    async takeEndedSessions(endingEvents: readonly string[]) {
      const loginAt = sql`to_timestamp((${oidcPayloads.payload}->>'loginTs')::bigint)`
      // The member's id as a number, so the join reads users by its primary key (a text
      // comparison with users.id::text read every user); a malformed one matches nobody.
      const accountId = sql`(case when ${oidcPayloads.payload}->>'accountId' ~ '^[0-9]{1,9}$'
        then (${oidcPayloads.payload}->>'accountId')::integer end)`
      const ended = db
        .select({ id: oidcPayloads.id })
        .from(oidcPayloads)
        .innerJoin(users, sql`${users.id} = ${accountId}`)
        .where(
          and(
            eq(oidcPayloads.model, 'Session'),
            or(
              eq(users.isDisabled, true),
              eq(users.isLocked, true),
              gt(users.passwordChangedAt, loginAt),
              sql`exists (select 1 from ${auditLog} where ${auditLog.userId} = ${users.id}
                and ${auditLog.at} > ${loginAt}
                and ${auditLog.event} in (${sql.join(
                  endingEvents.map((event) => sql`${event}`),
                  sql`, `,
                )}))`,
            ),
          ),
        )
      return take(and(eq(oidcPayloads.model, 'Session'), sql`${oidcPayloads.id} in (${ended})`))
    },

    /**
     * Keeps an ended session whose logout did not reach every site, with those sites only,
     * until it would have expired: `takeOwedLogouts` gives it to the next sweep. Kept apart
     * from the provider's sessions, which it never reads: the member's browser finds no
     * session to sign in with.
     */
    async oweLogout(id: string, payload: AdapterPayload, expiresAt: Date | null) {
      if (expiresAt && expiresAt <= clock.now()) return
      const row = { payload: payload as Record<string, unknown>, expiresAt }
      await db
        .insert(oidcPayloads)
        .values({ model: owedLogout, id, ...row })
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row })
    },

    /** The logouts owed (`oweLogout`), taken: one instance sends each again. */
    takeOwedLogouts: () => take(and(eq(oidcPayloads.model, owedLogout), live())),

    /** Rows past their expiry (the retention sweep). */
    async sweepExpired(): Promise<number> {
      const gone = await db
        .delete(oidcPayloads)
        .where(lte(oidcPayloads.expiresAt, clock.now()))
        .returning({ id: oidcPayloads.id })
      return gone.length
    },

    async findClient(clientId: string) {
      const [row] = await db.select().from(oidcClients).where(eq(oidcClients.clientId, clientId))
      return row
    },
    listClients: () => db.select().from(oidcClients).orderBy(oidcClients.clientId),
    async addClient(clientId: string, program: string, metadata: Record<string, unknown>) {
      await db.insert(oidcClients).values({ clientId, program, metadata, createdAt: clock.now() })
    },
    async updateClient(clientId: string, metadata: Record<string, unknown>) {
      const updated = await db
        .update(oidcClients)
        .set({ metadata })
        .where(eq(oidcClients.clientId, clientId))
        .returning({ clientId: oidcClients.clientId })
      return updated.length > 0
    },
    async removeClient(clientId: string) {
      const removed = await db
        .delete(oidcClients)
        .where(eq(oidcClients.clientId, clientId))
        .returning({ clientId: oidcClients.clientId })
      return removed.length > 0
    },

    /** Signing keys in use, the latest to start signing first: all verify. */
    activeSigningKeys: () =>
      db
        .select()
        .from(oidcSigningKeys)
        .where(isNull(oidcSigningKeys.retiredAt))
        .orderBy(desc(oidcSigningKeys.signsFrom), desc(oidcSigningKeys.createdAt)),
    async addSigningKey(kid: string, sealedJwk: string, signsFrom: Date) {
      await db.insert(oidcSigningKeys).values({ kid, sealedJwk, createdAt: clock.now(), signsFrom })
    },
    /** Retires every key that began signing before `kid` did: they no longer verify. */
    async retireSigningKeysBefore(kid: string) {
      const [signing] = await db
        .select({ signsFrom: oidcSigningKeys.signsFrom })
        .from(oidcSigningKeys)
        .where(eq(oidcSigningKeys.kid, kid))
      if (!signing) return 0
      const retired = await db
        .update(oidcSigningKeys)
        .set({ retiredAt: clock.now() })
        .where(
          and(isNull(oidcSigningKeys.retiredAt), lt(oidcSigningKeys.signsFrom, signing.signsFrom)),
        )
        .returning({ kid: oidcSigningKeys.kid })
      return retired.length
    },
  }
}
export type OidcRepo = ReturnType<typeof oidcRepo>
export type OidcClientRow = typeof oidcClients.$inferSelect
