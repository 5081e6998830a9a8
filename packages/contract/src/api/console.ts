// The support console (issue 15): the calls under /api/console and their answers. Staff are
// not members: their sign-in, session cookie and roles are their own.
import * as z from 'zod/mini'
import { PasskeySchema, type Passkey } from './passkeys.ts'

export const consoleApiBase = '/api/console'
/** The console's browser area; nothing in it is part of a member's first load. */
export const consoleBasePath = '/support-console'

export const staffRoles = ['agent', 'admin'] as const
export type StaffRoleName = (typeof staffRoles)[number]

/** What each role may do; the service checks these, the console only hides buttons. */
export const consoleActions = {
  lookUp: ['agent', 'admin'],
  unlock: ['agent', 'admin'],
  resendUsername: ['agent', 'admin'],
  revokeSessions: ['admin'],
  resetMfa: ['admin'],
  manageStaff: ['admin'],
  // Issue 31: the desk's daily tasks.
  disable: ['admin'],
  exportAudit: ['admin'],
  // Issue 44: the program sites registered for OpenID Connect (read-only; portal-admin adds).
  viewSites: ['admin'],
} as const satisfies Record<string, readonly StaffRoleName[]>
export type ConsoleAction = keyof typeof consoleActions

export function isAllowed(role: StaffRoleName, action: ConsoleAction): boolean {
  return (consoleActions[action] as readonly StaffRoleName[]).includes(role)
}

/** Console sessions end after this long without a call. */
export const consoleIdleMinutes = 15

export const consoleTexts = {
  title: 'Support console',
  signInHeading: 'Staff sign-in',
  codeHeading: 'Enter the code we emailed you',
  codeSent: 'We emailed a 6-digit code to your staff address. It expires in 10 minutes.',
  signInRefused: 'The email address and password do not match an active staff account.',
  codeRefused: 'That code is not right or has expired. Sign in again to get a new one.',
  signedOut: 'You have been signed out.',
  sessionEnded: 'Your console session has ended. Please sign in again.',
  notAllowed: 'Your role does not allow this action.',
  reasonRequired: 'Please give a reason (at least 5 characters).',
  notFound: 'Nothing matches that ticket, username or customer number.',
  searchNothing:
    'Nothing matches that ticket, username, customer number, email address, phone number or name.',
  memberNotFound: 'There is no member with that username.',
  passkeyNotFound: 'This member has no such passkey.',
  incidentNotFound: 'There is no incident with that ticket number.',
  notLocked: 'This account is not locked.',
  noEmail: 'There is no email address on file to send the username to.',
  staffExists: 'A staff account with this email address already exists.',
  // Issue 32, A1: a staff account created or reset by someone else chooses its own password.
  passwordChangeRequired: 'Please choose your own password before using the console.',
  ownPasswordHeading: 'Choose your own password',
  passwordChanged: 'Your password is changed. Please sign in again.',
  currentPasswordRefused: 'The current password is not right.',
  alreadyDisabled: 'The member is already disabled.',
  alreadyEnabled: 'The member is already enabled.',
  startAfterEnd: 'The start date must not be after the end date.',
  passwordsDiffer: 'The new passwords do not match.',
  /**
   * Review problem 14: why a locked account is locked, and since when ("after 6 wrong codes
   * on Nov 24, 2026, 10:06 AM CST"); empty when the service does not know.
   */
  lockCause: (lock: LockCause, time: string | null): string =>
    [
      lock.cause === 'codes' && lock.attempts !== null
        ? `after ${lock.attempts} wrong ${lock.attempts === 1 ? 'code' : 'codes'}`
        : lock.cause === 'passwords' && lock.attempts !== null
          ? `after ${lock.attempts} wrong ${lock.attempts === 1 ? 'password' : 'passwords'}`
          : null,
      time === null ? null : `on ${time}`,
    ]
      .filter((part) => part !== null)
      .join(' '),
} as const

const reasonSchema = z
  .string({ error: consoleTexts.reasonRequired })
  .check(z.trim(), z.minLength(5, consoleTexts.reasonRequired), z.maxLength(500))

export const ConsoleSignInSchema = z.strictObject({
  email: z.string().check(z.trim(), z.minLength(3), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(200)),
})
export const ConsoleCodeSchema = z.strictObject({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/)),
})
export const ConsoleReasonSchema = z.strictObject({ reason: reasonSchema })
/** The desk's one search: a ticket, username, customer number, email, phone or name. */
export const ConsoleSearchSchema = z.strictObject({
  q: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
})
export const ConsoleNewStaffSchema = z.strictObject({
  email: z.email().check(z.maxLength(254)),
  role: z.enum(staffRoles),
})

export interface ConsoleStaff {
  email: string
  role: StaffRoleName
  /** The desk's IANA time zone (SUPPORT_TIME_ZONE): every time the console shows is in it. */
  timeZone: string
  /** Set only when true: the account must choose its own password before anything else. */
  mustChangePassword?: boolean
}

/** The fewest characters of a staff password. */
export const minStaffPasswordLength = 12

export interface SecurityEvent {
  at: string
  event: string
  actor: string | null
  reason: string | null
  clientIp: string | null
  detail: Record<string, unknown> | null
}

export interface IncidentSummary {
  incidentId: string
  status: 'open' | 'resolved'
  reason: string
  createdAt: string
  resolvedAt: string | null
  resolvedBy: string | null
  resolution: string | null
  username: string | null
  custnum: string | null
  program: string | null
}

/**
 * What locked an account (review problem 14), from the audit log's lock line, or from the
 * account's counters when the log has none (cause and count then, but no time).
 */
export interface LockCause {
  /** codes: wrong verification codes (or refused passkeys); passwords: wrong passwords. */
  cause: 'codes' | 'passwords' | 'unknown'
  attempts: number | null
  at: string | null
}

/** Who the member is, from the customer record: to greet and verify a caller (problem 14). */
export interface MemberNames {
  /** The customer's name (a person or a firm). */
  customerName: string | null
  /** The contact's first name. */
  firstName: string | null
  /** The program's display name (the catalogue's), or the code when it is not known. */
  programName: string | null
}

export interface MemberView extends MemberNames {
  username: string
  custnum: string
  program: string
  status: 'active' | 'locked'
  isLocked: boolean
  /** Disabled by the desk (issue 31): signs in as a locked account would. */
  isDisabled: boolean
  /** Set only while locked. */
  lock: LockCause | null
  /** Wrong passwords since the last sign-in (the lock's counter). */
  failedAttempts: number
  /** Wrong verification codes since the last right one (the second factor's lock counter). */
  wrongCodes: number
  isTemporaryPassword: boolean
  createdAt: string
  passwordChangedAt: string
  /** Masked: enough to recognise, not to read. */
  contacts: {
    email: string | null
    phone: string | null
    verification: {
      email: string
      phone: string
      verifiedAt: string | null
      mustReconfirm: boolean
    } | null
  }
  lastSignIns: { at: string; clientIp: string | null }[]
  /** A short, non-reversible label of each trusted device. */
  devices: { label: string; verifiedAt: string }[]
  activeSessions: number
  /** Issue 23: the member's passkeys (name and dates; never a key). */
  passkeys: Passkey[]
  incidents: IncidentSummary[]
  timeline: SecurityEvent[]
}

export interface IncidentView extends IncidentSummary, MemberNames {
  /** The member's recent security events. */
  events: SecurityEvent[]
}

/** What the service took a search text for. */
export type ConsoleSearchKind =
  'ticket' | 'username' | 'customerNumber' | 'email' | 'phone' | 'name'

export interface ConsoleSearchResult {
  kind: ConsoleSearchKind
  incident: IncidentSummary | null
  members: MemberMatchItem[]
}

export interface StaffListItem {
  email: string
  role: StaffRoleName
  isActive: boolean
  createdAt: string
  createdBy: string
}

// The answers, as schemas for the routes' declarations (the console reads these fields;
// a route answers nothing else).
const nullableText = z.nullable(z.string())
export const ConsoleMessageSchema = z.object({ message: z.string() })
export const ConsoleStaffSchema = z.object({
  email: z.string(),
  role: z.enum(staffRoles),
  timeZone: z.string(),
  mustChangePassword: z.optional(z.boolean()),
})
export const ConsoleSignInAnswerSchema = z.object({ stage: z.string(), message: z.string() })
export const ConsoleVerifyAnswerSchema = z.object({
  email: z.optional(z.string()),
  role: z.optional(z.enum(staffRoles)),
  timeZone: z.optional(z.string()),
  mustChangePassword: z.optional(z.boolean()),
})
const SecurityEventSchema = z.object({
  at: z.string(),
  event: z.string(),
  actor: nullableText,
  reason: nullableText,
  clientIp: nullableText,
  detail: z.nullable(z.record(z.string(), z.unknown())),
})
export const IncidentSummarySchema = z.object({
  incidentId: z.string(),
  status: z.enum(['open', 'resolved']),
  reason: z.string(),
  createdAt: z.string(),
  resolvedAt: nullableText,
  resolvedBy: nullableText,
  resolution: nullableText,
  username: nullableText,
  custnum: nullableText,
  program: nullableText,
})
const MemberNamesShape = {
  customerName: nullableText,
  firstName: nullableText,
  programName: nullableText,
}
const LockCauseSchema = z.object({
  cause: z.enum(['codes', 'passwords', 'unknown']),
  attempts: z.nullable(z.number()),
  at: nullableText,
})
export const IncidentViewSchema = z.object({
  ...IncidentSummarySchema.shape,
  ...MemberNamesShape,
  events: z.array(SecurityEventSchema),
})
export const MemberViewSchema = z.object({
  username: z.string(),
  custnum: z.string(),
  program: z.string(),
  ...MemberNamesShape,
  status: z.enum(['active', 'locked']),
  isLocked: z.boolean(),
  isDisabled: z.boolean(),
  lock: z.nullable(LockCauseSchema),
  failedAttempts: z.number(),
  wrongCodes: z.number(),
  isTemporaryPassword: z.boolean(),
  createdAt: z.string(),
  passwordChangedAt: z.string(),
  contacts: z.object({
    email: nullableText,
    phone: nullableText,
    verification: z.nullable(
      z.object({
        email: z.string(),
        phone: z.string(),
        verifiedAt: nullableText,
        mustReconfirm: z.boolean(),
      }),
    ),
  }),
  lastSignIns: z.array(z.object({ at: z.string(), clientIp: nullableText })),
  devices: z.array(z.object({ label: z.string(), verifiedAt: z.string() })),
  activeSessions: z.number(),
  /** Issue 23: the member's passkeys (name and dates; never a key). */
  passkeys: z.array(PasskeySchema),
  incidents: z.array(IncidentSummarySchema),
  timeline: z.array(SecurityEventSchema),
})
/** A member the desk's search found (contacts are not shown in the list). */
export interface MemberMatchItem {
  username: string
  custnum: string
  program: string
  name: string | null
  isLocked: boolean
  isDisabled: boolean
}
export const ConsoleSearchResultSchema = z.object({
  kind: z.enum(['ticket', 'username', 'customerNumber', 'email', 'phone', 'name']),
  incident: z.nullable(IncidentSummarySchema),
  members: z.array(
    z.object({
      username: z.string(),
      custnum: z.string(),
      program: z.string(),
      name: nullableText,
      isLocked: z.boolean(),
      isDisabled: z.boolean(),
    }),
  ),
})
export const StaffListSchema = z.array(
  z.object({
    email: z.string(),
    role: z.enum(staffRoles),
    isActive: z.boolean(),
    createdAt: z.string(),
    createdBy: z.string(),
  }),
)
/** Issue 44: a program's site registered for OpenID Connect, as the console lists it. */
export interface OidcSiteListItem {
  clientId: string
  program: string
  redirectUris: string[]
  createdAt: string
}
export const OidcSiteListSchema = z.array(
  z.object({
    clientId: z.string(),
    program: z.string(),
    redirectUris: z.array(z.string()),
    createdAt: z.string(),
  }),
)
export const NewStaffAnswerSchema = z.object({
  email: z.string(),
  role: z.enum(staffRoles),
  temporaryPassword: z.string(),
})
/** What a member action or an incident's resolution answers (its own fields, by action). */
export const ConsoleActionAnswerSchema = z.record(z.string(), z.unknown())
