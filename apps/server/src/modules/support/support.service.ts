// The support desk (issue 15): what the person answering a member's call can see and do.
// The operator tool and the console both call these functions, so a rule holds for both and
// every change is audited once, with who acted (actor) and why (reason).
import type {
  IncidentSummary,
  IncidentView,
  LockCause,
  MemberNames,
  MemberView,
  SecurityEvent,
} from '@portal/contract/console'
import type { OutboxWriter } from '../../delivery/outbox.ts'
import { findProgram, maskEmail, maskPhone } from '@portal/contract'
import { brandOf, templates } from '../../delivery/templates.ts'
import type { Clock } from '../../lib/clock.ts'
import { usernameKey } from '../../lib/usernames.ts'
import type { Store } from '../../store/index.ts'
import type { MemberMatch } from '../../store/member-admin.repo.ts'
import type { IncidentStatus } from '../../store/support.repo.ts'
import {
  codeTriesBeforeLock,
  failedLoginsBeforeLock,
  unlockRules,
} from '../signin/lockout-policy.ts'
import type { AuditRow, IncidentRow } from '../../store/support.repo.ts'
import type { UserRow } from '../../store/users.repo.ts'
import { memberSearchesOf, ticketOf, type SearchKind } from './member-search.ts'
import { viewOf } from '../passkeys/passkeys.service.ts'

/** 'operator:NAME' for the command line, 'staff:EMAIL' for the console. */
export type Actor = string

export type MemberRef = { username: string } | { custnum: string }

export type SupportFailure = 'USER_NOT_FOUND' | 'INCIDENT_NOT_FOUND' | 'NOT_LOCKED' | 'NO_EMAIL'
export type SupportResult<T> = ({ ok: true } & T) | { ok: false; reason: SupportFailure }

/** What the desk's one search found, and the kind of text the service took it for. */
export interface SearchResult {
  kind: SearchKind
  incident: IncidentSummary | null
  members: MemberMatch[]
}

interface Deps {
  store: Store
  writer: OutboxWriter
  clock: Clock
}

const iso = (date: Date | null) => (date ? date.toISOString() : null)

export function toSecurityEvent(row: AuditRow): SecurityEvent {
  return {
    at: row.at.toISOString(),
    event: row.event,
    actor: row.actor,
    reason: row.reason,
    clientIp: row.clientIp,
    detail: row.detail ?? null,
  }
}

function toIncidentSummary(
  incident: IncidentRow,
  user: Pick<UserRow, 'username' | 'custnum' | 'program'> | null,
): IncidentSummary {
  return {
    incidentId: incident.incidentId,
    status: incident.status,
    reason: incident.reason,
    createdAt: incident.createdAt.toISOString(),
    resolvedAt: iso(incident.resolvedAt),
    resolvedBy: incident.resolvedBy,
    resolution: incident.resolution,
    username: user?.username ?? null,
    custnum: user?.custnum ?? null,
    program: user?.program ?? null,
  }
}

/**
 * What locked the account (review problem 14): the audit log's lock line, with its time; when
 * the log has none (purged by retention, or locked before it was written), the counters.
 */
export function lockCauseOf(
  user: Pick<UserRow, 'isLocked' | 'failedAttempts' | 'mfaFailedAttempts'>,
  lockLine: Pick<AuditRow, 'event' | 'at' | 'detail'> | undefined,
): LockCause | null {
  if (!user.isLocked) return null
  if (lockLine?.event === 'mfa.locked') {
    // The tries stay spent while the account is locked; an unlock sets them back to 0.
    const attempts = user.mfaFailedAttempts > 0 ? user.mfaFailedAttempts : codeTriesBeforeLock
    return { cause: 'codes', attempts, at: lockLine.at.toISOString() }
  }
  const counted = lockLine?.detail?.failedAttempts
  if (lockLine?.event === 'login.locked' && typeof counted === 'number') {
    return { cause: 'passwords', attempts: counted, at: lockLine.at.toISOString() }
  }
  if (user.mfaFailedAttempts >= codeTriesBeforeLock) {
    return { cause: 'codes', attempts: user.mfaFailedAttempts, at: null }
  }
  if (user.failedAttempts >= failedLoginsBeforeLock) {
    return { cause: 'passwords', attempts: user.failedAttempts, at: null }
  }
  return { cause: 'unknown', attempts: null, at: null }
}

/** A whole-word search found by username when one of its members has that username. */
const accountKind = (key: string, members: MemberMatch[]): SearchKind =>
  members.some((m) => usernameKey(m.username) === key) ? 'username' : 'customerNumber'

/** How many recent events a member's page and an incident show. */
const timelineLength = 30

export function supportService({ store, writer, clock }: Deps) {
  const { audit, reference, support: repo, users } = store

  /** The customer record's names and the program's display name. */
  async function namesOf(user: Pick<UserRow, 'custnum' | 'program'>): Promise<MemberNames> {
    const names = await repo.customerNames(user.custnum)
    return {
      customerName: names?.customerName ?? null,
      firstName: names?.firstName ?? null,
      programName: findProgram(user.program)?.displayName ?? user.program,
    }
  }

  async function findMember(ref: MemberRef): Promise<UserRow | undefined> {
    if ('username' in ref) return users.findByUsername(ref.username)
    const matches = await repo.findMembers(ref.custnum)
    return matches.find((u) => u.custnum === ref.custnum.toUpperCase())
  }

  /** An action on a member: found by username, audited with actor and reason. */
  async function act<T extends object>(
    username: string,
    actor: Actor,
    reason: string | null,
    action: (user: UserRow) => Promise<SupportResult<T> & { audit?: Record<string, unknown> }>,
    event: Parameters<typeof audit.record>[0]['event'],
  ): Promise<SupportResult<T>> {
    const user = await users.findByUsername(username)
    if (!user) return { ok: false, reason: 'USER_NOT_FOUND' }
    const result = await action(user)
    if (!result.ok) return result
    const { audit: detail, ...rest } = result
    await audit.record({
      event,
      userId: user.id,
      username: user.username,
      actor,
      reason,
      detail,
    })
    return rest as SupportResult<T>
  }

  return {
    findMember,

    /**
     * The desk's one search (issues 15, 27, 31): the service decides what the text is. A
     * ticket (as read aloud too) is the incident; otherwise a username or customer number,
     * whole; failing that, an email address, a phone number or a part of a name, by its shape.
     * Audited with the kind and the count, never the text (G1).
     */
    async search(text: string, actor: Actor, limit = 20): Promise<SearchResult> {
      const ticket = ticketOf(text)
      const incident = ticket ? await repo.incident(ticket) : undefined
      let kind: SearchKind = 'name'
      let members: MemberMatch[] = []
      for (const search of memberSearchesOf(text)) {
        members = await store.memberAdmin.search(search, limit)
        kind = search.kind === 'account' ? accountKind(search.usernameKey, members) : search.kind
        if (members.length > 0) break
      }
      if (incident && members.length === 0) kind = 'ticket'
      await audit.record({
        event: 'support.members_searched',
        actor,
        detail: { kind, found: members.length + (incident ? 1 : 0) },
      })
      const owner = incident?.userId ? await users.findById(incident.userId) : undefined
      return {
        kind,
        incident: incident ? toIncidentSummary(incident, owner ?? null) : null,
        members,
      }
    },

    async member(ref: MemberRef, viewer?: Actor): Promise<MemberView | undefined> {
      const user = await findMember(ref)
      if (!user) return undefined
      const now = clock.now()
      const [contact, signIns, devices, activeSessions, incidents, events, passkeys, names, lock] =
        await Promise.all([
          repo.contact(user.id),
          repo.signIns(user.id, 5),
          repo.devices(user.id),
          repo.sessionCount(user.id, now),
          repo.incidents({ userId: user.id, limit: 20 }),
          repo.events(user.id, timelineLength),
          store.passkeys.summariesOf(user.id),
          namesOf(user),
          user.isLocked ? repo.lastLock(user.id) : undefined,
        ])
      if (viewer) {
        // Looking at a member's details is itself worth a line: who looked, and when.
        await audit.record({
          event: 'support.member_viewed',
          userId: user.id,
          username: user.username,
          actor: viewer,
        })
      }
      return {
        username: user.username,
        custnum: user.custnum,
        program: user.program,
        ...names,
        status: user.isLocked ? 'locked' : 'active',
        isLocked: user.isLocked,
        isDisabled: user.isDisabled,
        lock: lockCauseOf(user, lock),
        failedAttempts: user.failedAttempts,
        wrongCodes: user.mfaFailedAttempts,
        isTemporaryPassword: user.isTemporaryPassword,
        createdAt: user.createdAt.toISOString(),
        passwordChangedAt: user.passwordChangedAt.toISOString(),
        contacts: {
          email: maskEmail(user.email),
          phone: maskPhone(user.phone),
          verification: contact
            ? {
                email: maskEmail(contact.emailAddress) ?? '',
                phone: maskPhone(contact.phoneNumber) ?? '',
                verifiedAt: iso(contact.verifiedAt),
                mustReconfirm: contact.isReconfirmationRequired,
              }
            : null,
        },
        lastSignIns: signIns.map((s) => ({ at: s.at.toISOString(), clientIp: s.clientIp })),
        devices: devices.map((d) => ({
          label: d.hash.slice(0, 8),
          verifiedAt: d.verifiedAt.toISOString(),
        })),
        activeSessions,
        passkeys: passkeys.map(viewOf),
        incidents: incidents.map((i) => toIncidentSummary(i.incident, user)),
        timeline: events.map(toSecurityEvent),
      }
    },

    async incident(incidentId: string, viewer?: Actor): Promise<IncidentView | undefined> {
      const incident = await repo.incident(incidentId.trim().toUpperCase())
      if (!incident) return undefined
      const user = incident.userId ? await users.findById(incident.userId) : undefined
      const events = user ? await repo.events(user.id, timelineLength) : []
      if (viewer) {
        await audit.record({
          event: 'support.incident_viewed',
          userId: user?.id ?? null,
          username: user?.username ?? null,
          actor: viewer,
          detail: { incidentID: incident.incidentId },
        })
      }
      const names: MemberNames = user
        ? await namesOf(user)
        : { customerName: null, firstName: null, programName: null }
      return {
        ...toIncidentSummary(incident, user ?? null),
        ...names,
        events: events.map(toSecurityEvent),
      }
    },

    async incidents(options: { status?: IncidentStatus; limit?: number } = {}) {
      const rows = await repo.incidents({ status: options.status, limit: options.limit ?? 100 })
      return rows.map((r) =>
        toIncidentSummary(
          r.incident,
          r.username && r.custnum && r.program
            ? { username: r.username, custnum: r.custnum, program: r.program }
            : null,
        ),
      )
    },

    /** Resolves one incident by hand (a call that needed no change to the account). */
    async resolveIncident(
      incidentId: string,
      actor: Actor,
      reason: string,
    ): Promise<SupportResult<{ incidentId: string }>> {
      const incident = await repo.incident(incidentId.trim().toUpperCase())
      if (!incident) return { ok: false, reason: 'INCIDENT_NOT_FOUND' }
      const resolved = await repo.resolveIncidents(
        { incidentId: incident.incidentId },
        { by: actor, at: clock.now(), text: reason },
      )
      await audit.record({
        event: 'support.incident_resolved',
        userId: incident.userId,
        actor,
        reason,
        detail: { incidentID: incident.incidentId, wasOpen: resolved.length === 1 },
      })
      return { ok: true, incidentId: incident.incidentId }
    },

    /**
     * Unlocks a locked account and resolves its open incidents. The member confirms the
     * verification details at the next sign-in, as after a password reset.
     */
    unlock(username: string, actor: Actor, reason: string) {
      return act<{ resolvedIncidents: string[] }>(
        username,
        actor,
        reason,
        async (user) => {
          if (!unlockRules.isUnlockable(user)) return { ok: false, reason: 'NOT_LOCKED' }
          await repo.unlock(user.id)
          const resolvedIncidents = await repo.resolveIncidents(
            { userId: user.id },
            { by: actor, at: clock.now(), text: reason },
          )
          return { ok: true, resolvedIncidents, audit: { resolvedIncidents } }
        },
        'support.unlocked',
      )
    },

    /**
     * The member enrols verification details again; their sessions, devices and passkeys end
     * (issue 40, P1). The passkeys removed are named in the answer and the audit.
     */
    resetMfa(username: string, actor: Actor, reason: string) {
      return act<{ endedSessions: number; removedPasskeys: string[] }>(
        username,
        actor,
        reason,
        async (user) => {
          const removed = await repo.resetMfa(user.id)
          const endedSessions = await repo.endSessions(user.id)
          const removedPasskeys = removed.map((p) => p.name)
          return {
            ok: true,
            endedSessions,
            removedPasskeys,
            audit: { endedSessions, removedPasskeys: removed.map((p) => p.id) },
          }
        },
        'support.mfa_reset',
      )
    },

    revokeSessions(username: string, actor: Actor, reason: string | null) {
      return act<{ endedSessions: number }>(
        username,
        actor,
        reason,
        async (user) => {
          const endedSessions = await repo.endSessions(user.id)
          return { ok: true, endedSessions, audit: { endedSessions } }
        },
        'support.sessions_revoked',
      )
    },

    /** Emails the username to the address on file (never to one the caller names). */
    resendUsername(username: string, actor: Actor, reason: string | null) {
      return act<{ sentTo: string }>(
        username,
        actor,
        reason,
        async (user) => {
          if (!user.email) return { ok: false, reason: 'NO_EMAIL' }
          const brand = brandOf(user.program, await reference.phoneOf(user.program), user.locale)
          await writer.enqueue(store, {
            channel: 'email',
            recipient: user.email,
            program: user.program,
            message: templates.username(brand, user.username),
          })
          const sentTo = maskEmail(user.email) ?? ''
          return { ok: true, sentTo, audit: { method: 'email', sentTo } }
        },
        'support.username_resent',
      )
    },
  }
}

export type SupportService = ReturnType<typeof supportService>
