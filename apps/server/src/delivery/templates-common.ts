// What the messages of every language share (templates.ts, templates-es.ts): the brand that
// signs them (the program's name and customer-service number), the moment of a sign-in, the
// temporary password's reading line.
import {
  flavours,
  formatProgramPhone,
  findProgram,
  programOf,
  sourceLocale,
  type DeliveryMethod,
  type Locale,
  type ProgramCode,
} from '@portal/contract'
import type { DeviceDescription } from '../lib/user-agent.ts'

/** The outbox's channel is the delivery method the customer chose. */
export type Channel = DeliveryMethod

export interface Message {
  template: string
  subject: string
  email: string
  sms: string
  /** Not worth sending after this long (a code past its lifetime); absent = no limit. */
  validForMs?: number
}

export interface Brand {
  name: string
  /** The formatted number, or null when the service could not look it up. */
  phone: string | null
  /** The language the message is written in: the member's (issue 24); English when absent. */
  locale?: Locale
}

/** A sign-in on a browser the member had not used (issue 40): what the notice names. */
export interface NewDeviceSignIn {
  when: Date
  /** The IANA zone the time is written in (the service's, SUPPORT_TIME_ZONE). */
  timeZone: string
  device: DeviceDescription
  /** The program's Forgot Password page; null when the portal's address is not configured. */
  recoveryLink: string | null
}

/** '28 November 2026, 3:04 PM CST' in the notice's language and the service's zone. */
export function signInTimeOf(sign: NewDeviceSignIn, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: sign.timeZone,
    timeZoneName: 'short',
  }).format(sign.when)
}

/** How long a temporary password works: '24 hours', '10 minutes' in English. */
export interface Lifetime {
  amount: number
  unit: 'hour' | 'minute'
}

export function brandOf(
  program: string,
  phone: string | undefined,
  locale: Locale = sourceLocale,
): Brand {
  const code: ProgramCode = findProgram(program)?.code ?? flavours.usweb.defaultProgram
  return {
    name: programOf(code).displayName,
    phone: phone ? formatProgramPhone(code, phone) : null,
    locale,
  }
}

/**
 * Issue 27 (problem 8): the temporary password again, in groups of four for reading aloud,
 * on a line of its own indented by four spaces, which the email's HTML shows in large type
 * (delivery/email-html.ts): `    Bavu kemi 4827 !`.
 */
export function readingLine(password: string): string {
  return `    ${(password.match(/.{1,4}/g) ?? [password]).join(' ')}`
}
