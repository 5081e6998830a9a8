// The messages the service sends (issue 24): each a subject, an email and a text message, by
// the member's values. Program names, phone numbers and usernames are never translated. The
// service adds each message's template name (apps/server/src/delivery/templates.ts).
// English (en-US), the source: the Spanish is ../es-US/emails.ts.
import type { DeliveryMethod } from '../../delivery.ts'
import { limits } from '../../limits.ts'
import {
  readingLine,
  signInTimeOf,
  type EmailBrand,
  type EmailText,
  type Lifetime,
  type NewDeviceSignIn,
} from '../email-values.ts'

const phoneOf = (b: EmailBrand) => b.phone ?? 'the number on our website'

const signOff = (b: EmailBrand) =>
  `If you did not ask for this, call customer service at ${phoneOf(b)}.\n\n${b.name}`

export const emails = {
  username: (b: EmailBrand, username: string): EmailText => ({
    subject: `${b.name}: your username`,
    email: `Your username is: ${username}\n\n${signOff(b)}`,
    sms: `${b.name}: your username is ${username}. Not you? Call ${phoneOf(b)}.`,
  }),
  /**
   * `lifetime` by its channel (issue 32): '24 hours', '10 minutes'. A locked account's
   * current password does not work until the new one is chosen (issue 43, item 6).
   */
  temporaryPassword: (
    b: EmailBrand,
    password: string,
    lifetime: Lifetime,
    isLocked = false,
  ): EmailText => {
    const validFor = `${lifetime.amount} ${lifetime.unit}${lifetime.amount === 1 ? '' : 's'}`
    const meanwhile = isLocked
      ? 'Choosing it also unlocks your account: until then your current password does not work, because the account is locked.'
      : 'Until then your current password keeps working.'
    return {
      subject: `${b.name}: your temporary password`,
      email: `Your temporary password is: ${password}\n\n${readingLine(password)}\n\nThe spaces only make it easier to read: type it without them. It has no zero or letter O, and no number one or letter l.\n\nIt works once, within ${validFor}: log in with it and you will then choose a new password. ${meanwhile}\n\n${signOff(b)}`,
      sms: `${b.name}: your temporary password is ${password}. It works once, within ${validFor}. Not you? Call ${phoneOf(b)}.`,
    }
  },
  /** To the other channel than the one the temporary password went by (issue 32, M9). */
  temporaryPasswordSent: (b: EmailBrand, sentBy: DeliveryMethod, isLocked = false): EmailText => {
    const where = sentBy === 'email' ? 'email address' : 'mobile number'
    const ifNot = isLocked
      ? 'If you did not, please'
      : 'If you did not, your current password still works; please'
    return {
      subject: `${b.name}: a temporary password was requested`,
      email: `A temporary password for your online account was just sent to your ${where}. If you asked for it, there is nothing more to do. ${ifNot} call customer service at ${phoneOf(b)}.\n\n${b.name}`,
      sms: `${b.name}: a temporary password for your online account was just sent to your ${where}. Not you? Call ${phoneOf(b)}.`,
    }
  },
  /**
   * In place of a temporary password, for an account the support desk disabled (fraud, a
   * death, a dispute): self-service hands out no password to it, and its owner learns whom
   * to call.
   */
  accountOnHold: (b: EmailBrand): EmailText => ({
    subject: `${b.name}: your online account is on hold`,
    email: `A temporary password was just requested for your online account. The account is on hold, so none was sent. To use it again, call customer service at ${phoneOf(b)}.\n\n${b.name}`,
    sms: `${b.name}: your online account is on hold, so no temporary password was sent. Call ${phoneOf(b)}.`,
  }),
  /**
   * Issue 27: the text puts the code first (GOV.UK) and, when the portal's host is configured,
   * ends with the origin-bound line `@host #code` (WebOTP, iOS and Android autofill), so that
   * phones offer the code on that site only.
   */
  verificationCode: (b: EmailBrand, code: string, originHost?: string): EmailText => ({
    subject: `${b.name}: your verification code`,
    email: `Your verification code is: ${code}\n\nIt expires in ${limits.verificationCodeTtlMinutes} minutes.\n\n${signOff(b)}`,
    sms: `${code} is your ${b.name} code. It expires in ${limits.verificationCodeTtlMinutes} minutes.${originHost ? `\n\n@${originHost} #${code}` : ''}`,
  }),
  lockout: (b: EmailBrand): EmailText => ({
    subject: `${b.name}: your account has been locked`,
    // Nobody asks for a lock (issue 43, item 6): the attempts are what may not be theirs.
    email: `Your online account was locked after repeated failed attempts. To unlock it, reset your password from the login page.\n\nIf these attempts were not you, call customer service at ${phoneOf(b)}.\n\n${b.name}`,
    sms: `${b.name}: your online account was locked after failed attempts. Reset your password to unlock it.`,
  }),
  passwordChanged: (b: EmailBrand): EmailText => ({
    subject: `${b.name}: your password was changed`,
    email: `The password of your online account was just changed.\n\n${signOff(b)}`,
    sms: `${b.name}: your password was just changed. Not you? Call ${phoneOf(b)}.`,
  }),
  contactChanged: (b: EmailBrand): EmailText => ({
    subject: `${b.name}: your verification contact details were changed`,
    email: `The email address and mobile number used to verify your sign-ins were just changed.\n\n${signOff(b)}`,
    sms: `${b.name}: your verification contact details were just changed. Not you? Call ${phoneOf(b)}.`,
  }),
  /** To the customer record's contacts: the owner hears of an account they may not have made. */
  accountCreated: (b: EmailBrand, username: string): EmailText => ({
    subject: `${b.name}: an online account was created for you`,
    email: `An online account with the username ${username} was just created for your customer number. Its first verification code goes only to the contact details on your record.\n\nIf you did not create it, call customer service at ${phoneOf(b)}: they will close it, and you can then register yourself.\n\n${b.name}`,
    sms: `${b.name}: an online account was just created for your customer number. Not you? Call ${phoneOf(b)}.`,
  }),
  /** To the customer record's contacts when verification details are first set up. */
  contactsEnrolled: (b: EmailBrand, maskedEmail: string, maskedPhone: string): EmailText => ({
    subject: `${b.name}: verification contact details were set up`,
    email: `Sign-in codes for your online account will now go to ${maskedEmail} and ${maskedPhone}.\n\n${signOff(b)}`,
    sms: `${b.name}: sign-in codes for your online account will now go to ${maskedEmail} and ${maskedPhone}. Not you? Call ${phoneOf(b)}.`,
  }),
  /** Issue 23: the owner hears of every passkey added to or removed from the account. */
  passkeyAdded: (b: EmailBrand, name: string): EmailText => ({
    subject: `${b.name}: a passkey was added to your account`,
    email: `A passkey (${name}) was just added to your online account. It can be used instead of a verification code when you sign in.\n\n${signOff(b)}`,
    sms: `${b.name}: a passkey was just added to your online account. Not you? Call ${phoneOf(b)}.`,
  }),
  passkeyRemoved: (b: EmailBrand, name: string): EmailText => ({
    subject: `${b.name}: a passkey was removed from your account`,
    email: `The passkey ${name} was just removed from your online account.\n\n${signOff(b)}`,
    sms: `${b.name}: a passkey was just removed from your online account. Not you? Call ${phoneOf(b)}.`,
  }),
  /**
   * Issue 40: a factor passed on a browser the member had not used, to both proven contacts,
   * so that a takeover is heard of the same minute.
   */
  newDevice: (b: EmailBrand, sign: NewDeviceSignIn): EmailText => {
    const { browser, system } = sign.device
    const device =
      browser && system
        ? `${browser} on ${system}`
        : (browser ?? (system ? `a browser on ${system}` : 'a browser we could not identify'))
    const reset = sign.recoveryLink
      ? `reset your password at ${sign.recoveryLink}`
      : 'reset your password with Forgot Password on the login page'
    return {
      subject: `${b.name}: a sign-in from a new device`,
      email: `Your online account was just signed in to from a device it had not been used on before: ${device}, on ${signInTimeOf(sign, 'en-US')}.\n\nIf this was you, there is nothing more to do. If it was not, ${reset} now, and call customer service at ${phoneOf(b)}.\n\n${b.name}`,
      sms: `${b.name}: a sign-in to your online account from a new device (${device}). Not you? ${reset.charAt(0).toUpperCase()}${reset.slice(1)} and call ${phoneOf(b)}.`,
    }
  },
} as const
