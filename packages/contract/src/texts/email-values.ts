// What the messages the service sends are written from (en-US/emails.ts, es-US/emails.ts):
// the brand that signs them, the moment of a sign-in, the temporary password's reading line.
import type { Locale } from '../i18n/locales.ts'

/** A message's texts: what the service sends by email, and by text message. */
export interface EmailText {
  subject: string
  email: string
  sms: string
}

/** The program that signs a message. */
export interface EmailBrand {
  name: string
  /** The formatted number, or null when the service could not look it up. */
  phone: string | null
}

/** How long a temporary password works: '24 hours', '10 minutes' in English. */
export interface Lifetime {
  amount: number
  unit: 'hour' | 'minute'
}

/** A sign-in on a browser the member had not used (issue 40): what the notice names. */
export interface NewDeviceSignIn {
  when: Date
  /** The IANA zone the time is written in (the service's, SUPPORT_TIME_ZONE). */
  timeZone: string
  device: { browser: string | null; system: string | null }
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

/**
 * Issue 27 (problem 8): the temporary password again, in groups of four for reading aloud,
 * on a line of its own indented by four spaces, which the email's HTML shows in large type
 * (apps/server/src/delivery/email-html.ts): `    Bavu kemi 4827 !`.
 */
export function readingLine(password: string): string {
  return `    ${(password.match(/.{1,4}/g) ?? [password]).join(' ')}`
}
