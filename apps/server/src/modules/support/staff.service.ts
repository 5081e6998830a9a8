// Support staff (issue 15): accounts made by an operator or an admin, sign-in with a password
// and then a code emailed to the staff address (the members' code rules: six digits, ten
// minutes, six tries), and console sessions of their own with a 15-minute idle timeout.
import { randomInt } from 'node:crypto'
import { limits } from '@portal/contract'
import { consoleIdleMinutes, type StaffRoleName } from '@portal/contract/console'
import type { OutboxWriter } from '../../delivery/outbox.ts'
import { templates } from '../../delivery/templates.ts'
import type { Clock } from '../../lib/clock.ts'
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/crypto.ts'
import {
  generateTemporaryPassword,
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from '../../lib/passwords.ts'
import type { Store } from '../../store/index.ts'
import type { StaffRow } from '../../store/staff.repo.ts'
import { areCodeTriesSpent, staffCodeTries } from '../signin/lockout-policy.ts'
import type { Actor } from './support.service.ts'
import { isGuessableFor } from '../password/password-blocklist.ts'

/** A console session lasts at most a working day, however busy. */
const absoluteMinutes = 8 * 60

/** Wrong current passwords (within the per-staff limit's window) after which the session ends. */
export const currentPasswordRefusalsBeforeSignOut = 3

/** The brand the staff code email carries: the desk, not a member's program. */
const deskBrand = { name: 'Program Portal support console', phone: 'the support desk lead' }

interface Deps {
  store: Store
  /** Where the console's events are recorded: the store's audit unless given. */
  audit?: Pick<Store['audit'], 'record'>
  writer: OutboxWriter
  clock: Clock
  /** Keys the code hashes, as for members' codes. */
  codeKey: Buffer
}

export const staffActor = (member: Pick<StaffRow, 'email'>): Actor => `staff:${member.email}`

export interface ConsoleSession {
  idHash: string
  staff: StaffRow
  stage: 'code_pending' | 'signed_in'
}

export function staffService(deps: Deps) {
  const { store, writer, clock, codeKey } = deps
  const audit = deps.audit ?? store.audit
  const repo = store.staff
  const codeHash = (staffId: number, code: string) => hmac(codeKey, `staff:${staffId}:${code}`)
  const minutes = (n: number) => n * 60_000

  return {
    /**
     * A new account with a temporary password, returned once to whoever created it. The
     * account must choose its own password at its first console sign-in (A1); only test
     * arrangements pass `mustChangePassword: false`, for a staff member who already has.
     */
    async create(
      email: string,
      role: StaffRoleName,
      actor: Actor,
      { mustChangePassword = true }: { mustChangePassword?: boolean } = {},
    ): Promise<{ ok: true; temporaryPassword: string } | { ok: false; reason: 'STAFF_EXISTS' }> {
      const temporaryPassword = generateTemporaryPassword((draw) =>
        isGuessableFor(draw, { username: email.split('@')[0], names: [email] }),
      )
      const row = await repo.insert({
        email,
        role,
        passwordHash: await hashPassword(temporaryPassword),
        createdAt: clock.now(),
        createdBy: actor,
        mustChangePassword,
      })
      if (!row) return { ok: false, reason: 'STAFF_EXISTS' }
      await audit.record({
        event: 'staff.created',
        actor,
        detail: { staff: row.email, role },
      })
      return { ok: true, temporaryPassword }
    },

    list: () => repo.list(),

    async disable(email: string, actor: Actor, reason: string): Promise<boolean> {
      const row = await repo.byEmail(email)
      if (!row) return false
      await repo.setActive(row.id, false)
      await audit.record({
        event: 'staff.disabled',
        actor,
        reason,
        detail: { staff: row.email },
      })
      return true
    },

    /**
     * The password step. On success a code is emailed and a code-pending session starts;
     * its id is returned once (the caller puts it in the cookie).
     */
    async signIn(email: string, password: string, clientIp: string): Promise<string | undefined> {
      const row = await repo.byEmail(email)
      const isRight =
        row && row.isActive
          ? await verifyPassword(row.passwordHash, password)
          : await verifyAgainstDummy(password)
      if (!row || !isRight) {
        await audit.record({
          event: 'console.sign_in_refused',
          clientIp,
          detail: { staff: email.toLowerCase().slice(0, 254) },
        })
        return undefined
      }
      const now = clock.now()
      const code = String(randomInt(1_000_000)).padStart(limits.verificationCodeLength, '0')
      const id = randomToken(32)
      await store.transaction(async (tx) => {
        await tx.staff.insertSession({
          idHash: sha256(id),
          staffId: row.id,
          stage: 'code_pending',
          codeHash: codeHash(row.id, code),
          codeAttempts: 0,
          codeExpiresAt: new Date(now.getTime() + minutes(limits.verificationCodeTtlMinutes)),
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + minutes(limits.verificationCodeTtlMinutes)),
        })
        await writer.enqueue(tx, {
          channel: 'email',
          recipient: row.email,
          program: null,
          message: templates.verificationCode(deskBrand, code),
        })
      })
      await audit.record({
        event: 'console.password_accepted',
        actor: staffActor(row),
        clientIp,
      })
      return id
    },

    /**
     * The code step. Right: the code-pending session ends and a signed-in one starts under a
     * new id (returned). Wrong: a try is spent; after the last, the session ends.
     */
    async verifyCode(id: string, code: string, clientIp: string): Promise<string | undefined> {
      const idHash = sha256(id)
      const now = clock.now()
      const attempt = await repo.spendCodeAttempt(idHash, staffCodeTries)
      if (!attempt) return undefined
      const member = await repo.byId(attempt.staffId)
      const isRight =
        member?.isActive === true &&
        attempt.codeHash !== null &&
        attempt.codeExpiresAt !== null &&
        attempt.codeExpiresAt > now &&
        safeEqual(attempt.codeHash, codeHash(attempt.staffId, code))
      if (!member || !isRight) {
        if (areCodeTriesSpent(attempt.codeAttempts, staffCodeTries)) {
          await repo.removeSession(idHash)
        }
        await audit.record({
          event: 'console.code_rejected',
          actor: member ? staffActor(member) : null,
          clientIp,
          detail: { attempts: attempt.codeAttempts },
        })
        return undefined
      }
      await repo.removeSession(idHash)
      const signedIn = randomToken(32)
      await repo.insertSession({
        idHash: sha256(signedIn),
        staffId: member.id,
        stage: 'signed_in',
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + minutes(consoleIdleMinutes)),
      })
      await audit.record({
        event: 'console.signed_in',
        actor: staffActor(member),
        clientIp,
      })
      return signedIn
    },

    /** The live session with this id, its idle time reset; undefined when there is none. */
    async session(id: string): Promise<ConsoleSession | undefined> {
      if (!id) return undefined
      const idHash = sha256(id)
      const row = await repo.findSession(idHash)
      const now = clock.now()
      if (!row) return undefined
      if (row.expiresAt <= now) {
        await repo.removeSession(idHash)
        return undefined
      }
      const member = await repo.byId(row.staffId)
      if (!member?.isActive) return undefined
      if (row.stage === 'signed_in') {
        const expiresAt = new Date(
          Math.min(
            now.getTime() + minutes(consoleIdleMinutes),
            row.createdAt.getTime() + minutes(absoluteMinutes),
          ),
        )
        await repo.touchSession(idHash, now, expiresAt)
      }
      return { idHash, staff: member, stage: row.stage }
    },

    /**
     * A console call refused (A1): the role does not allow it, or the staff member has not
     * yet chosen their own password. One insert; the session is already loaded. The client
     * IP and request id come from the request context.
     */
    async refused(
      session: ConsoleSession,
      why: 'role' | 'password_change_required',
      route: string,
      action?: string,
    ): Promise<void> {
      await audit.record({
        event: why === 'role' ? 'console.role_refused' : 'console.password_change_required',
        actor: staffActor(session.staff),
        detail: {
          staffId: session.staff.id,
          role: session.staff.role,
          route,
          ...(action ? { action } : {}),
        },
      })
    },

    /**
     * A wrong current password in the console's own password change (A2), audited with who
     * and (from the request context) where. After `currentPasswordRefusalsBeforeSignOut` in
     * the limit's window the session ends: whoever holds it is guessing, not mistyping.
     */
    async currentPasswordRefused(session: ConsoleSession, refusals: number): Promise<boolean> {
      await audit.record({
        event: 'console.current_password_refused',
        actor: staffActor(session.staff),
        detail: { staffId: session.staff.id, refusals },
      })
      if (refusals < currentPasswordRefusalsBeforeSignOut) return false
      await repo.removeSession(session.idHash)
      await audit.record({
        event: 'console.session_ended',
        actor: staffActor(session.staff),
        detail: { staffId: session.staff.id, why: 'current_password_refused', refusals },
      })
      return true
    },

    async signOut(session: ConsoleSession): Promise<void> {
      await repo.removeSession(session.idHash)
      await audit.record({
        event: 'console.signed_out',
        actor: staffActor(session.staff),
      })
    },
  }
}

export type StaffService = ReturnType<typeof staffService>
