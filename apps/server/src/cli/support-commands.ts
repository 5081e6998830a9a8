// The support desk's operator commands (issue 15), on the same service functions as the
// support console. Every change is audited with the operator (PORTAL_OPERATOR, else the
// login name) as actor and the --reason given.
//
// Exit codes, for scripts:
//   0  done
//   1  usage: unknown command, missing or invalid argument
//   3  not found: no such ticket, member or staff account
//   4  refused: the account is not in a state that allows it (not locked, no email on file,
//      staff address taken)
import { userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import {
  ConsoleNewStaffSchema,
  ConsoleReasonSchema,
  type IncidentSummary,
  type MemberView,
  type SecurityEvent,
} from '@portal/contract/console'
import type { Config } from '../config.ts'
import { outboxWriter } from '../delivery/outbox.ts'
import type { Clock } from '../lib/clock.ts'
import { deriveKey, deriveKeys } from '../lib/crypto.ts'
import { staffService } from '../modules/support/staff.service.ts'
import {
  supportService,
  type SupportFailure,
  type SupportResult,
} from '../modules/support/support.service.ts'
import { storeOf } from '../store/index.ts'
import type { Database } from '../store/db.ts'

export const exitCodes = { ok: 0, usage: 1, notFound: 3, refused: 4 } as const

export const supportUsage = `  portal-admin incident show <ticket> [--json]
  portal-admin incident list [--open] [--json]
  portal-admin incident resolve <ticket> --reason <text>
  portal-admin user show <username> [--json]
  portal-admin user show --customer <number> [--json]
  portal-admin unlock <username> --reason <text>
  portal-admin reset-mfa <username> --reason <text>
  portal-admin revoke-sessions <username> [--reason <text>]
  portal-admin resend-username <username> [--reason <text>]
  portal-admin staff create <email> --role agent|admin
  portal-admin staff list
  portal-admin staff disable <email> --reason <text>
Exit codes: 0 done, 1 usage, 3 not found, 4 refused (see docs/decisions/0010-support-desk.md).`

export interface CommandContext {
  database: Database
  config: Config
  clock: Clock
  /** Who is acting; PORTAL_OPERATOR, else the login name. */
  operator?: string
  out?: (line: string) => void
  err?: (line: string) => void
}

type Command = (context: CommandContext, args: string[]) => Promise<number>

const failureText: Record<SupportFailure, string> = {
  USER_NOT_FOUND: 'No member with that username or customer number.',
  INCIDENT_NOT_FOUND: 'No incident with that ticket number.',
  NOT_LOCKED: 'The account is not locked.',
  NO_EMAIL: 'There is no email address on file.',
}
const failureCode: Record<SupportFailure, number> = {
  USER_NOT_FOUND: exitCodes.notFound,
  INCIDENT_NOT_FOUND: exitCodes.notFound,
  NOT_LOCKED: exitCodes.refused,
  NO_EMAIL: exitCodes.refused,
}

function services(context: CommandContext) {
  const { clock } = context
  const store = storeOf(context.database.db, { clock })
  const writer = outboxWriter(deriveKeys(context.config.sessionSecrets, 'outbox'), clock)
  return {
    support: supportService({ store, writer, clock }),
    staff: staffService({
      store,
      writer,
      clock,
      codeKey: deriveKey(context.config.sessionSecret, 'staff-code'),
    }),
  }
}

const actorOf = (context: CommandContext) =>
  `operator:${context.operator ?? (process.env.PORTAL_OPERATOR || userInfo().username)}`

function io(context: CommandContext) {
  const out = context.out ?? ((line: string) => console.log(line))
  const err = context.err ?? ((line: string) => console.error(line))
  const usage = (problem?: string) => {
    if (problem) err(problem)
    err(`Usage:\n${supportUsage}`)
    return exitCodes.usage
  }
  return { out, err, usage }
}

type Parsed =
  | { values: Record<string, string | boolean | undefined>; positionals: string[] }
  | { error: string }

function parse(args: string[], options: Record<string, { type: 'string' | 'boolean' }>): Parsed {
  try {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options })
    return { values: values as Record<string, string | boolean | undefined>, positionals }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

/** The reason, checked as the console checks it; undefined (and a message) when missing. */
function reasonOf(value: unknown, err: (line: string) => void): string | undefined {
  const parsed = ConsoleReasonSchema.safeParse({ reason: value })
  if (parsed.success) return parsed.data.reason
  err('A --reason of at least 5 characters is required.')
  return undefined
}

const when = (iso: string | null) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '-')

function printEvents(out: (line: string) => void, events: SecurityEvent[]) {
  out('Recent security events (newest first):')
  if (events.length === 0) out('  (none)')
  for (const e of events) {
    const by = e.actor ? ` by ${e.actor}` : ''
    const why = e.reason ? ` (${e.reason})` : ''
    const ip = e.clientIp ? ` from ${e.clientIp}` : ''
    out(`  ${when(e.at)}  ${e.event}${by}${why}${ip}`)
  }
}

function incidentLine(i: IncidentSummary): string {
  const who = i.username ? `${i.username} (${i.custnum}, ${i.program})` : '(no member)'
  const resolved = i.resolvedAt ? ` by ${i.resolvedBy} at ${when(i.resolvedAt)}` : ''
  return `${i.incidentId}  ${i.status}${resolved}  ${when(i.createdAt)}  ${who}  ${i.reason}`
}

function printMember(out: (line: string) => void, m: MemberView) {
  out(`Username:          ${m.username}`)
  out(`Customer number:   ${m.custnum}`)
  out(`Program:           ${m.program}`)
  out(`Status:            ${m.status}${m.isLocked ? ' (LOCKED)' : ''}`)
  out(`Wrong passwords:   ${m.failedAttempts}`)
  out(`Wrong codes:       ${m.wrongCodes}`)
  out(`Temporary pwd:     ${m.isTemporaryPassword ? 'yes' : 'no'}`)
  out(`Password changed:  ${when(m.passwordChangedAt)}`)
  out(`Email on file:     ${m.contacts.email ?? '-'}`)
  out(`Mobile on file:    ${m.contacts.phone ?? '-'}`)
  const v = m.contacts.verification
  out(
    `Verification:      ${
      v
        ? `${v.email}, ${v.phone}, ${v.verifiedAt ? `verified ${when(v.verifiedAt)}` : 'not verified'}${v.mustReconfirm ? ', must confirm again' : ''}`
        : 'not enrolled'
    }`,
  )
  out(`Active sessions:   ${m.activeSessions}`)
  out('Last sign-ins:')
  if (m.lastSignIns.length === 0) out('  (none)')
  for (const s of m.lastSignIns) out(`  ${when(s.at)}  ${s.clientIp ?? ''}`)
  out('Trusted devices:')
  if (m.devices.length === 0) out('  (none)')
  for (const d of m.devices) out(`  ${d.label}  verified ${when(d.verifiedAt)}`)
  out('Passkeys:')
  if (m.passkeys.length === 0) out('  (none)')
  for (const p of m.passkeys) {
    const used = p.lastUsedAt ? when(p.lastUsedAt) : 'never'
    out(`  #${p.id} ${p.name}  created ${when(p.createdAt)}  last used ${used}`)
  }
  out('Incidents:')
  if (m.incidents.length === 0) out('  (none)')
  for (const i of m.incidents) out(`  ${incidentLine(i)}`)
  printEvents(out, m.timeline)
}

/** Prints a failed result and returns its exit code, or undefined when it succeeded. */
function failed<T extends object>(
  result: SupportResult<T>,
  err: (line: string) => void,
): number | undefined {
  if (result.ok) return undefined
  err(failureText[result.reason])
  return failureCode[result.reason]
}

const incident: Command = async (context, args) => {
  const { out, err, usage } = io(context)
  const parsed = parse(args, {
    open: { type: 'boolean' },
    json: { type: 'boolean' },
    reason: { type: 'string' },
  })
  if ('error' in parsed) return usage(parsed.error)
  const [sub, ticket] = parsed.positionals
  const { support } = services(context)
  if (sub === 'list') {
    const list = await support.incidents({ status: parsed.values.open ? 'open' : undefined })
    if (parsed.values.json) out(JSON.stringify(list, null, 2))
    else if (list.length === 0) out('No incidents.')
    else for (const i of list) out(incidentLine(i))
    return exitCodes.ok
  }
  if (!ticket) return usage()
  if (sub === 'show') {
    const found = await support.incident(ticket, actorOf(context))
    if (!found) {
      err(failureText.INCIDENT_NOT_FOUND)
      return exitCodes.notFound
    }
    if (parsed.values.json) {
      out(JSON.stringify(found, null, 2))
      return exitCodes.ok
    }
    out(`Ticket:   ${found.incidentId}`)
    out(`Status:   ${found.status}`)
    if (found.resolvedAt) {
      out(`Resolved: ${when(found.resolvedAt)} by ${found.resolvedBy} (${found.resolution})`)
    }
    out(`Opened:   ${when(found.createdAt)}`)
    out(`Why:      ${found.reason}`)
    out(`Member:   ${found.username ?? '(deleted)'}`)
    out(`Customer: ${found.custnum ?? '-'}`)
    out(`Program:  ${found.program ?? '-'}`)
    printEvents(out, found.events)
    return exitCodes.ok
  }
  if (sub === 'resolve') {
    const reason = reasonOf(parsed.values.reason, err)
    if (!reason) return exitCodes.usage
    const result = await support.resolveIncident(ticket, actorOf(context), reason)
    const code = failed(result, err)
    if (code !== undefined) return code
    out(`Resolved ${ticket.toUpperCase()}.`)
    return exitCodes.ok
  }
  return usage()
}

const user: Command = async (context, args) => {
  const { out, err, usage } = io(context)
  const parsed = parse(args, { customer: { type: 'string' }, json: { type: 'boolean' } })
  if ('error' in parsed) return usage(parsed.error)
  const [sub, username] = parsed.positionals
  if (sub !== 'show') return usage()
  const custnum = parsed.values.customer
  if ((username === undefined) === (typeof custnum !== 'string')) {
    return usage('Give a username or --customer <number>, not both.')
  }
  const ref = typeof custnum === 'string' ? { custnum } : { username: username ?? '' }
  const member = await services(context).support.member(ref, actorOf(context))
  if (!member) {
    err(failureText.USER_NOT_FOUND)
    return exitCodes.notFound
  }
  if (parsed.values.json) out(JSON.stringify(member, null, 2))
  else printMember(out, member)
  return exitCodes.ok
}

/** unlock / reset-mfa / revoke-sessions / resend-username USERNAME --reason TEXT */
function memberAction(
  isReasonRequired: boolean,
  run: (
    support: ReturnType<typeof services>['support'],
    username: string,
    actor: string,
    reason: string | null,
  ) => Promise<SupportResult<object>>,
  done: (username: string, result: Record<string, unknown>) => string,
): Command {
  return async (context, args) => {
    const { out, err, usage } = io(context)
    const parsed = parse(args, { reason: { type: 'string' } })
    if ('error' in parsed) return usage(parsed.error)
    const [username, extra] = parsed.positionals
    if (!username || extra) return usage()
    let reason: string | null = null
    if (isReasonRequired || parsed.values.reason !== undefined) {
      const given = reasonOf(parsed.values.reason, err)
      if (!given) return exitCodes.usage
      reason = given
    }
    const result = await run(services(context).support, username, actorOf(context), reason)
    const code = failed(result, err)
    if (code !== undefined) return code
    out(done(username, result as Record<string, unknown>))
    return exitCodes.ok
  }
}

const staffCommand: Command = async (context, args) => {
  const { out, err, usage } = io(context)
  const parsed = parse(args, { role: { type: 'string' }, reason: { type: 'string' } })
  if ('error' in parsed) return usage(parsed.error)
  const [sub, email] = parsed.positionals
  const { staff } = services(context)
  if (sub === 'list') {
    const list = await staff.list()
    if (list.length === 0) out('No staff accounts.')
    for (const s of list) {
      out(`${s.email}  ${s.role}  ${s.isActive ? 'active' : 'disabled'}  created by ${s.createdBy}`)
    }
    return exitCodes.ok
  }
  if (sub === 'create') {
    const input = ConsoleNewStaffSchema.safeParse({ email, role: parsed.values.role })
    if (!input.success) return usage('Give a valid email address and --role agent or admin.')
    const created = await staff.create(input.data.email, input.data.role, actorOf(context))
    if (!created.ok) {
      err('A staff account with this email address already exists.')
      return exitCodes.refused
    }
    out(`Created ${input.data.role} ${input.data.email.toLowerCase()}.`)
    // Shown once, to the operator who hands it over; stored only as a hash.
    out(`Temporary password (shown once): ${created.temporaryPassword}`)
    return exitCodes.ok
  }
  if (sub === 'disable' && email) {
    const reason = reasonOf(parsed.values.reason, err)
    if (!reason) return exitCodes.usage
    if (!(await staff.disable(email, actorOf(context), reason))) {
      err('No staff account with that email address.')
      return exitCodes.notFound
    }
    out(`Disabled ${email.toLowerCase()}; their console sessions have ended.`)
    return exitCodes.ok
  }
  return usage()
}

/** Issue 40 (P1): a reset of the second factor names the passkeys it removed. */
function passkeysRemoved(names: unknown): string {
  const list = Array.isArray(names) ? names.map(String) : []
  return list.length === 0 ? '' : `; removed ${list.length} passkey(s): ${list.join(', ')}`
}

const supportCommands: Record<string, Command> = {
  incident,
  user,
  unlock: memberAction(
    true,
    (s, ...a) => s.unlock(a[0], a[1], a[2] ?? ''),
    (u, r) =>
      `Unlocked ${u}.${(r.resolvedIncidents as string[]).length ? ` Resolved ${(r.resolvedIncidents as string[]).join(', ')}.` : ''} The member confirms their verification details at the next sign-in.`,
  ),
  'reset-mfa': memberAction(
    true,
    (s, ...a) => s.resetMfa(a[0], a[1], a[2] ?? ''),
    (u, r) =>
      `Reset verification for ${u}; ended ${String(r.endedSessions)} session(s)${passkeysRemoved(r.removedPasskeys)}. The member enrols an email and mobile number again at the next sign-in.`,
  ),
  'revoke-sessions': memberAction(
    false,
    (s, ...a) => s.revokeSessions(...a),
    (u, r) => `Ended ${String(r.endedSessions)} session(s) of ${u}.`,
  ),
  'resend-username': memberAction(
    false,
    (s, ...a) => s.resendUsername(...a),
    (u, r) => `Sent the username of ${u} to ${String(r.sentTo)}.`,
  ),
  staff: staffCommand,
}

/** The command of that name, if it is one of these (never an Object.prototype key). */
export function supportCommand(name: string | undefined): Command | undefined {
  return name && Object.hasOwn(supportCommands, name) ? supportCommands[name] : undefined
}
