// The support desk's daily tasks of issue 31, shared by portal-admin and the console: disable
// and enable a member (a disabled member signs in as a locked account would), export the audit
// trail (CSV or JSON lines, by user and date range), and a
// staff password change. Every change writes one audit row with its actor and reason.
import { minStaffPasswordLength } from '@portal/contract/console'
import { refuseGuessable } from '../password/password-blocklist.ts'
import { hashPassword, verifyPassword } from '../../lib/passwords.ts'
import type { Store } from '../../store/index.ts'
import type { AuditRow, MemberMatch } from '../../store/member-admin.repo.ts'

export type { AuditRow, MemberMatch }

export type MemberAdminFailure = 'USER_NOT_FOUND' | 'ALREADY' | 'STAFF_NOT_FOUND' | 'REFUSED'
type Result<T extends object = object> =
  ({ ok: true } & T) | { ok: false; reason: MemberAdminFailure }

export interface AuditExportQuery {
  from: Date
  to: Date
  username?: string
}

const csvColumns = [
  'id',
  'at',
  'event',
  'userId',
  'username',
  'actor',
  'reason',
  'clientIp',
  'requestId',
  'detail',
] as const

function csvField(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value)
  // A spreadsheet runs a cell that starts with =, +, -, @, tab or CR. Cells start at the value's
  // start and, in locales that split at `;` or at tabs, after each of those (X1): a `'` goes
  // before such a character wherever it would start a cell, spaces before it included.
  const safe = text.replace(/(?<=^|[;\t])( *)(?=[=+\-@\t\r])/g, "$1'")
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export const auditCsvHeader = csvColumns.join(',')

/** One audit row as a CSV line or a JSON line. */
export function auditLine(row: AuditRow, format: 'csv' | 'json'): string {
  if (format === 'json') return JSON.stringify({ ...row, at: row.at.toISOString() })
  return csvColumns.map((column) => csvField(row[column])).join(',')
}

export { minStaffPasswordLength }

export function memberAdminService({ store }: { store: Store }) {
  const { audit, memberAdmin: repo, staff: staffAccounts } = store

  const setDisabled = async (
    username: string,
    isDisabled: boolean,
    actor: string,
    reason: string,
  ): Promise<Result<{ endedSessions: number }>> =>
    store.transaction(async (tx) => {
      // Usernames in any case (issue 32, E1): the account the users repository finds at sign-in.
      const user = await tx.users.findByUsername(username)
      if (!user) return { ok: false, reason: 'USER_NOT_FOUND' }
      if (user.isDisabled === isDisabled) return { ok: false, reason: 'ALREADY' }
      await tx.memberAdmin.setDisabled(user.id, isDisabled)
      // Disabling ends every sign-in of the member at once, and forgets their trusted devices:
      // a sign-in after the enable passes a code again (issue 40, S1).
      const endedSessions = isDisabled ? await tx.sessions.removeAllOf(user.id) : 0
      if (isDisabled) await tx.mfa.forgetDevices(user.id)
      await tx.audit.record({
        event: isDisabled ? 'support.member_disabled' : 'support.member_enabled',
        userId: user.id,
        username: user.username,
        actor,
        reason,
        ...(isDisabled ? { detail: { endedSessions } } : {}),
      })
      return { ok: true, endedSessions }
    })

  return {
    disable: (username: string, actor: string, reason: string) =>
      setDisabled(username, true, actor, reason),
    enable: (username: string, actor: string, reason: string) =>
      setDisabled(username, false, actor, reason),

    /** The audit rows of a date range (and one user), oldest first, read in pages by id. */
    async *exportAudit(
      query: AuditExportQuery,
      actor: string,
      reason: string,
    ): AsyncGenerator<AuditRow> {
      await audit.record({
        event: 'support.audit_exported',
        username: query.username ?? null,
        actor,
        reason,
        detail: { from: query.from.toISOString(), to: query.to.toISOString() },
      })
      let lastId = 0
      for (;;) {
        const page = await repo.auditPage({
          from: query.from,
          to: query.to,
          ...(query.username === undefined ? {} : { username: query.username }),
          afterId: lastId,
          limit: 1000,
        })
        for (const row of page) yield row
        if (page.length < 1000) return
        lastId = page.at(-1)?.id ?? lastId
      }
    },

    /**
     * A staff member's new password: their own change (the current one required), or an
     * operator's reset (`current` undefined). Their console sessions end. A reset by someone
     * else leaves the account having to choose its own at its next sign-in (A1); their own
     * change clears that.
     */
    async changeStaffPassword(
      email: string,
      current: string | undefined,
      next: string,
      actor: string,
      reason: string,
    ): Promise<Result> {
      if (next.length < minStaffPasswordLength) return { ok: false, reason: 'REFUSED' }
      // A password the staff member chose (an operator's reset is generated at random).
      if (current !== undefined) {
        refuseGuessable(next, { username: email.split('@')[0], names: [email] }, 'newPassword')
      }
      const member = await staffAccounts.byEmail(email)
      if (!member || !member.isActive) return { ok: false, reason: 'STAFF_NOT_FOUND' }
      if (current !== undefined && !(await verifyPassword(member.passwordHash, current))) {
        return { ok: false, reason: 'REFUSED' }
      }
      const passwordHash = await hashPassword(next)
      await store.transaction(async (tx) => {
        await tx.staff.setPassword(member.id, passwordHash, current === undefined)
        await tx.audit.record({
          event: 'staff.password_changed',
          username: member.email,
          actor,
          reason,
          detail: { by: current === undefined ? 'reset' : 'self' },
        })
      })
      return { ok: true }
    },
  }
}
export type MemberAdminService = ReturnType<typeof memberAdminService>
