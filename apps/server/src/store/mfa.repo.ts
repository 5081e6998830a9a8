import { randomInt } from 'node:crypto'
import { and, eq, gte, isNull, lt, or, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm'
import type { DeliveryMethod } from '@portal/contract'
import { prepared, type Db } from './db.ts'
import { incidents, knownDevices, mfaContacts, seenDevices, verificationCodes } from './schema.ts'

export type MfaContactRow = typeof mfaContacts.$inferSelect
export type NewMfaContact = Omit<typeof mfaContacts.$inferInsert, 'userId' | 'updatedAt'>

/** A browser's device, as the second factor's decision looks it up among the trusted ones. */
export interface DeviceLookup {
  /** The hash of its cookie's mark ('' without one: no row has it). */
  devicePrintHash: string
  /** Trust given before this has run out. */
  since: Date
}

/** What the second factor's decision reads of a member: their details, and the device's trust. */
export interface SecondFactorFacts {
  /** Undefined when the member has given none. */
  contact: MfaContactRow | undefined
  isKnownDevice: boolean
}

/**
 * Whether the user (a column or a placeholder) trusts the device of the `devicePrintHash`
 * and `since` placeholders (deviceParameters): an EXISTS for a select's fields.
 */
export function isKnownDevice(db: Db, userId: SQLWrapper | Placeholder) {
  const trust = db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.userId, userId),
        eq(knownDevices.devicePrintHash, sql.placeholder('devicePrintHash')),
        gte(knownDevices.verifiedAt, sql.placeholder('since')),
      ),
    )
  return sql<boolean>`exists(${trust})`
}

/** The values of isKnownDevice's placeholders. */
export function deviceParameters({ devicePrintHash, since }: DeviceLookup) {
  // A placeholder in a condition skips the column's encoding: the ISO text it would give.
  return { devicePrintHash, since: since.toISOString() }
}

/** Tries at a free incident number before giving up with 503. */
const incidentIdTries = 20

export function mfaRepo(db: Db) {
  return {
    async contactOf(userId: number): Promise<MfaContactRow | undefined> {
      const [row] = await db.select().from(mfaContacts).where(eq(mfaContacts.userId, userId))
      return row
    },
    /**
     * Saves new or changed details. A contact stays proven only while it is unchanged and
     * not awaiting reconfirmation: a changed one is proven again by a code sent to it.
     */
    /** After an unlock the contacts are confirmed again (RE_ENROLL/UNLOCKED). */
    async requireReconfirmation(userId: number): Promise<void> {
      await db
        .update(mfaContacts)
        .set({ isReconfirmationRequired: true })
        .where(eq(mfaContacts.userId, userId))
    },
    async saveContact(userId: number, contact: NewMfaContact, now: Date): Promise<void> {
      const [previous] = await db.select().from(mfaContacts).where(eq(mfaContacts.userId, userId))
      const isTrusted = previous !== undefined && !previous.isReconfirmationRequired
      const emailVerifiedAt =
        isTrusted && previous.emailAddress === contact.emailAddress
          ? previous.emailVerifiedAt
          : null
      const phoneVerifiedAt =
        isTrusted &&
        previous.phoneNumber === contact.phoneNumber &&
        previous.dialPrefix === contact.dialPrefix
          ? previous.phoneVerifiedAt
          : null
      const values = {
        ...contact,
        emailVerifiedAt,
        phoneVerifiedAt,
        // Once the account proved contacts it keeps that mark (enrolment before the code
        // does not reopen): the service lets only a sign-in that passed a code change them.
        verifiedAt: isTrusted ? previous.verifiedAt : null,
        isReconfirmationRequired: false,
        updatedAt: now,
      }
      await db
        .insert(mfaContacts)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: mfaContacts.userId, set: values })
    },
    /**
     * The contact a passed code was sent to is proven, and a reconfirmation is done. The
     * other contact keeps its proof: after a reset it stayed bound (issue 32, R1), so nobody
     * could have changed it in between.
     */
    async markVerified(userId: number, channel: DeliveryMethod, now: Date): Promise<void> {
      await db
        .update(mfaContacts)
        .set({
          ...(channel === 'email' ? { emailVerifiedAt: now } : { phoneVerifiedAt: now }),
          verifiedAt: now,
          isReconfirmationRequired: false,
        })
        .where(eq(mfaContacts.userId, userId))
    },
    /**
     * Ends every device trust of the user (issue 32, D1): after a password reset, an unlock
     * or a contact change, no device skips the code on the strength of an earlier one.
     */
    async forgetDevices(userId: number): Promise<void> {
      await db.delete(knownDevices).where(eq(knownDevices.userId, userId))
    },
    /**
     * The contact details and whether the device was proven since `since`, in one query
     * (the second-factor decision needs both; the session read has them too, see
     * sessions.repo's findWithMember). No details: no device counts either.
     */
    async contactAndDevice(userId: number, device: DeviceLookup): Promise<SecondFactorFacts> {
      const statement = prepared(db, 'mfa_contact_and_device', (name) =>
        db
          .select({
            contact: mfaContacts,
            isKnownDevice: isKnownDevice(db, sql.placeholder('userId')),
          })
          .from(mfaContacts)
          .where(eq(mfaContacts.userId, sql.placeholder('userId')))
          .prepare(name),
      )
      const [row] = await statement.execute({ userId, ...deviceParameters(device) })
      return row ?? { contact: undefined, isKnownDevice: false }
    },
    /**
     * Removes one device trust of the user and answers when it began, if it began at or
     * after `since` (one statement: two sign-ins cannot both take the same one).
     */
    async takeDevice(
      userId: number,
      devicePrintHash: string,
      since: Date,
    ): Promise<Date | undefined> {
      const [row] = await db
        .delete(knownDevices)
        .where(
          and(
            eq(knownDevices.userId, userId),
            eq(knownDevices.devicePrintHash, devicePrintHash),
            gte(knownDevices.verifiedAt, since),
          ),
        )
        .returning({ verifiedAt: knownDevices.verifiedAt })
      return row?.verifiedAt
    },
    /**
     * Trusts a device from `now`. The user's trusts older than `staleBefore` go in the same
     * statement: they skip no code any more, and their cookies have run out.
     */
    async rememberDevice(
      userId: number,
      devicePrintHash: string,
      now: Date,
      staleBefore: Date,
    ): Promise<void> {
      const stale = db.$with('stale_trust').as(
        db
          .delete(knownDevices)
          .where(and(eq(knownDevices.userId, userId), lt(knownDevices.verifiedAt, staleBefore)))
          .returning({ userId: knownDevices.userId }),
      )
      await db
        .with(stale)
        .insert(knownDevices)
        .values({ userId, devicePrintHash, verifiedAt: now })
        .onConflictDoUpdate({
          target: [knownDevices.userId, knownDevices.devicePrintHash],
          set: { verifiedAt: now },
        })
    },
    /**
     * Removes the user's seen-browser row of `markHash` (issue 40): whether there was one, so
     * whether a factor passed on that browser before.
     */
    async takeSeenDevice(userId: number, markHash: string): Promise<boolean> {
      const rows = await db
        .delete(seenDevices)
        .where(and(eq(seenDevices.userId, userId), eq(seenDevices.markHash, markHash)))
        .returning({ userId: seenDevices.userId })
      return rows.length > 0
    },
    /**
     * A browser seen passing a factor `now`. The user's browsers not seen since `staleBefore`
     * go in the same statement: their cookie, and so their mark, has run out.
     */
    async addSeenDevice(
      userId: number,
      markHash: string,
      now: Date,
      staleBefore: Date,
    ): Promise<void> {
      const stale = db.$with('stale_seen').as(
        db
          .delete(seenDevices)
          .where(and(eq(seenDevices.userId, userId), lt(seenDevices.seenAt, staleBefore)))
          .returning({ userId: seenDevices.userId }),
      )
      await db
        .with(stale)
        .insert(seenDevices)
        .values({ userId, markHash, seenAt: now })
        .onConflictDoUpdate({
          target: [seenDevices.userId, seenDevices.markHash],
          set: { seenAt: now },
        })
    },
    /** A new code replaces the previous one (the tries are counted per user, not per code). */
    async replaceCode(
      userId: number,
      codeHash: string,
      deliveryMethod: string,
      now: Date,
      ttlMinutes: number,
    ): Promise<void> {
      const expiresAt = new Date(now.getTime() + ttlMinutes * 60_000)
      const values = {
        codeHash,
        deliveryMethod,
        attempts: 0,
        createdAt: now,
        expiresAt,
        usedAt: null,
      }
      await db
        .insert(verificationCodes)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: verificationCodes.userId, set: values })
    },
    /** The user's latest code; `isUsed` once it has passed (it stays, to know it again). */
    async currentCode(userId: number) {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.userId, userId))
      return row && { ...row, isUsed: row.usedAt !== null && row.usedAt >= row.createdAt }
    },
    /**
     * Single use: of parallel right answers, exactly one marks the code used and wins. The
     * code stays, so that the others know it for the right one, already used (issue 40, K1).
     */
    async useCode(userId: number, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(verificationCodes.userId, userId),
            eq(verificationCodes.codeHash, codeHash),
            or(
              isNull(verificationCodes.usedAt),
              lt(verificationCodes.usedAt, verificationCodes.createdAt),
            ),
          ),
        )
        .returning({ userId: verificationCodes.userId })
      return rows.length === 1
    },
    async deleteCode(userId: number): Promise<void> {
      await db.delete(verificationCodes).where(eq(verificationCodes.userId, userId))
    },
    /**
     * Opens a support incident; its ticket number is what the support screen shows, or
     * undefined when no free number was found.
     */
    async openIncident(
      userId: number | null,
      reason: string,
      now: Date,
    ): Promise<string | undefined> {
      // A million numbers a day: a free one is found at once unless the day is nearly full,
      // and then the tries stop instead of looping (issue 14).
      for (let tries = 0; tries < incidentIdTries; tries++) {
        const day = now.toISOString().slice(0, 10).replaceAll('-', '')
        const incidentId = `INC${day}${String(randomInt(1_000_000)).padStart(6, '0')}`
        const rows = await db
          .insert(incidents)
          .values({ incidentId, userId, reason, createdAt: now })
          .onConflictDoNothing()
          .returning({ incidentId: incidents.incidentId })
        if (rows[0]) return rows[0].incidentId
      }
      return undefined
    },
  }
}
