// What the service writes to people, per program: its name and customer-service number.
import {
  flavours,
  formatProgramPhone,
  findProgram,
  limits,
  programOf,
  type DeliveryMethod,
  type ProgramCode,
} from '@portal/contract'

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

interface Brand {
  name: string
  phone: string
}

export function brandOf(program: string, phone: string | undefined): Brand {
  const code: ProgramCode = findProgram(program)?.code ?? flavours.usweb.defaultProgram
  return {
    name: programOf(code).displayName,
    phone: phone ? formatProgramPhone(code, phone) : 'the number on our website',
  }
}

const signOff = (b: Brand) =>
  `If you did not ask for this, call customer service at ${b.phone}.\n\n${b.name}`

export const templates = {
  username: (b: Brand, username: string): Message => ({
    template: 'username',
    subject: `${b.name}: your username`,
    email: `Your username is: ${username}\n\n${signOff(b)}`,
    sms: `${b.name}: your username is ${username}. Not you? Call ${b.phone}.`,
  }),
  /** `validFor` reads in a sentence: '24 hours', '10 minutes' (issue 32: by its channel). */
  temporaryPassword: (b: Brand, password: string, validFor: string): Message => ({
    template: 'temporary-password',
    subject: `${b.name}: your temporary password`,
    email: `Your temporary password is: ${password}\n\nIt works once, within ${validFor}: log in with it and you will then choose a new password. Until then your current password keeps working.\n\n${signOff(b)}`,
    sms: `${b.name}: your temporary password is ${password}. It works once, within ${validFor}. Not you? Call ${b.phone}.`,
  }),
  /** To the other channel than the one the temporary password went by (issue 32, M9). */
  temporaryPasswordSent: (b: Brand, sentBy: Channel): Message => {
    const where = sentBy === 'email' ? 'email address' : 'mobile number'
    return {
      template: 'temporary-password-notice',
      subject: `${b.name}: a temporary password was requested`,
      email: `A temporary password for your online account was just sent to your ${where}. If you asked for it, there is nothing more to do. If you did not, your current password still works; please call customer service at ${b.phone}.\n\n${b.name}`,
      sms: `${b.name}: a temporary password for your online account was just sent to your ${where}. Not you? Call ${b.phone}.`,
    }
  },
  verificationCode: (b: Brand, code: string): Message => ({
    template: 'verification-code',
    subject: `${b.name}: your verification code`,
    email: `Your verification code is: ${code}\n\nIt expires in ${limits.verificationCodeTtlMinutes} minutes.\n\n${signOff(b)}`,
    sms: `${b.name}: your verification code is ${code}. It expires in ${limits.verificationCodeTtlMinutes} minutes.`,
    validForMs: limits.verificationCodeTtlMinutes * 60_000,
  }),
  lockout: (b: Brand): Message => ({
    template: 'lockout-notice',
    subject: `${b.name}: your account has been locked`,
    email: `Your online account was locked after repeated failed attempts. To unlock it, reset your password from the login page.\n\n${signOff(b)}`,
    sms: `${b.name}: your online account was locked after failed attempts. Reset your password to unlock it.`,
  }),
  passwordChanged: (b: Brand): Message => ({
    template: 'password-changed-notice',
    subject: `${b.name}: your password was changed`,
    email: `The password of your online account was just changed.\n\n${signOff(b)}`,
    sms: `${b.name}: your password was just changed. Not you? Call ${b.phone}.`,
  }),
  contactChanged: (b: Brand): Message => ({
    template: 'contact-changed-notice',
    subject: `${b.name}: your verification contact details were changed`,
    email: `The email address and mobile number used to verify your sign-ins were just changed.\n\n${signOff(b)}`,
    sms: `${b.name}: your verification contact details were just changed. Not you? Call ${b.phone}.`,
  }),
  /** To the customer record's contacts: the owner hears of an account they may not have made. */
  accountCreated: (b: Brand, username: string): Message => ({
    template: 'account-created-notice',
    subject: `${b.name}: an online account was created for you`,
    email: `An online account with the username ${username} was just created for your customer number. Its first verification code goes only to the contact details on your record.\n\nIf you did not create it, call customer service at ${b.phone}: they will close it, and you can then register yourself.\n\n${b.name}`,
    sms: `${b.name}: an online account was just created for your customer number. Not you? Call ${b.phone}.`,
  }),
  /** To the customer record's contacts when verification details are first set up. */
  contactsEnrolled: (b: Brand, maskedEmail: string, maskedPhone: string): Message => ({
    template: 'contacts-enrolled-notice',
    subject: `${b.name}: verification contact details were set up`,
    email: `Sign-in codes for your online account will now go to ${maskedEmail} and ${maskedPhone}.\n\n${signOff(b)}`,
    sms: `${b.name}: sign-in codes for your online account will now go to ${maskedEmail} and ${maskedPhone}. Not you? Call ${b.phone}.`,
  }),
  /** Issue 23: the owner hears of every passkey added to or removed from the account. */
  passkeyAdded: (b: Brand, name: string): Message => ({
    template: 'passkey-added-notice',
    subject: `${b.name}: a passkey was added to your account`,
    email: `A passkey (${name}) was just added to your online account. It can be used instead of a verification code when you sign in.\n\n${signOff(b)}`,
    sms: `${b.name}: a passkey was just added to your online account. Not you? Call ${b.phone}.`,
  }),
  passkeyRemoved: (b: Brand, name: string): Message => ({
    template: 'passkey-removed-notice',
    subject: `${b.name}: a passkey was removed from your account`,
    email: `The passkey ${name} was just removed from your online account.\n\n${signOff(b)}`,
    sms: `${b.name}: a passkey was just removed from your online account. Not you? Call ${b.phone}.`,
  }),
} as const
