// What the service writes to people (issue 24): every message in its member's language, its
// texts the contract's (packages/contract/src/texts/{en-US,es-US}/emails.ts, the same tree
// the portal reads). Here: each message's template name, and how long it is worth sending.
import { limits, sourceLocale, type EmailText } from '@portal/contract'
import { textsByLocale } from '@portal/contract/i18n'
import type { Brand, Message } from './templates-common.ts'

export { brandOf, type Brand, type Channel, type Message } from './templates-common.ts'
export { readingLine, signInTimeOf, type Lifetime, type NewDeviceSignIn } from '@portal/contract'

type Emails = (typeof textsByLocale)['en-US']['emails']
type EmailName = keyof Emails

/** The template name of each message (the outbox and the logs name a message by it). */
const templateNames = {
  username: 'username',
  temporaryPassword: 'temporary-password',
  temporaryPasswordSent: 'temporary-password-notice',
  accountOnHold: 'account-on-hold-notice',
  verificationCode: 'verification-code',
  lockout: 'lockout-notice',
  passwordChanged: 'password-changed-notice',
  contactChanged: 'contact-changed-notice',
  accountCreated: 'account-created-notice',
  contactsEnrolled: 'contacts-enrolled-notice',
  passkeyAdded: 'passkey-added-notice',
  passkeyRemoved: 'passkey-removed-notice',
  newDevice: 'new-device-notice',
} as const satisfies Record<EmailName, string>

/** Not worth sending after this long: a code past its lifetime. */
const validForMsOf: Partial<Record<EmailName, number>> = {
  verificationCode: limits.verificationCodeTtlMinutes * 60_000,
}

type Rest<F> = F extends (b: never, ...rest: infer R) => EmailText ? R : never

export type Templates = { [K in EmailName]: (b: Brand, ...rest: Rest<Emails[K]>) => Message }

/** Every message in the language of its brand (the member's). */
export const templates = Object.fromEntries(
  (Object.keys(templateNames) as EmailName[]).map((name) => [
    name,
    (b: Brand, ...rest: never[]): Message => {
      const write = textsByLocale[b.locale ?? sourceLocale].emails[name] as (
        b: Brand,
        ...rest: never[]
      ) => EmailText
      const validForMs = validForMsOf[name]
      return {
        template: templateNames[name],
        ...write(b, ...rest),
        ...(validForMs === undefined ? {} : { validForMs }),
      }
    },
  ]),
) as Templates
