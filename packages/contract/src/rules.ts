// Validation rules of spec §5 (on the limits of limits.ts), shared by the portal's forms and the
// service's request schemas so that both sides judge input the same way.
import * as z from 'zod/mini'
import { limits } from './limits.ts'
import { login } from './texts/en-US/login.ts'
import { password } from './texts/en-US/password.ts'
import { validation } from './texts/en-US/validation.ts'
import type { Texts } from './texts/texts.ts'
import type { MessageKey, ValuedMessageKey } from './message-keys.ts'

/** The texts the field rules say, in one language: the login fields' and the rest (texts/). */
export type FieldTexts = Pick<Texts, 'login' | 'validation'>

export const specialCharacters = '!@#$%^&*'

/**
 * A rule's message by its key (issue 42): the text in the rules' language, and the text's key
 * on the issue (`messageKey`), by which the service answers a refused field with its key.
 */
export function said(key: MessageKey | ValuedMessageKey, text: string) {
  return {
    error: (issue: object) => {
      Object.assign(issue, { messageKey: key })
      return text
    },
  }
}

/** The key a rule gave its issue (`said`), if any. */
export function messageKeyOfIssue(issue: object): string | undefined {
  const key = (issue as { messageKey?: unknown }).messageKey
  return typeof key === 'string' ? key : undefined
}

/** A required text value that is blank after trimming counts as missing (spec §5). */
export function requiredText(key: MessageKey, message: string, max: number) {
  return z.string(said(key, message)).check(
    z.maxLength(max),
    z.refine((value) => value.trim().length > 0, said(key, message)),
  )
}

// --- New passwords: five rules, one strength point each (spec §4 "Password strength").

export const passwordRules = {
  length: (p: string) => p.length >= limits.passwordMin && p.length <= limits.passwordMax,
  noSpace: (p: string) => p.length > 0 && !/\s/.test(p),
  number: (p: string) => /\d/.test(p),
  special: (p: string) => /[!@#$%^&*]/.test(p),
  letter: (p: string) => /[A-Za-z]/.test(p),
} as const
export type PasswordRule = keyof typeof passwordRules
export const passwordRuleOrder = Object.keys(password.rules) as PasswordRule[]

export function passwordChecklist(password: string): Record<PasswordRule, boolean> {
  return {
    length: passwordRules.length(password),
    noSpace: passwordRules.noSpace(password),
    number: passwordRules.number(password),
    special: passwordRules.special(password),
    letter: passwordRules.letter(password),
  }
}

export function passwordScore(password: string): number {
  if (password.length === 0) return 0
  return Object.values(passwordChecklist(password)).filter(Boolean).length
}

export const strengthLevels = [
  { score: 0, label: '', percent: 0, colour: 'none' },
  { score: 1, label: 'Very Weak', percent: 20, colour: 'red' },
  { score: 2, label: 'Weak', percent: 40, colour: 'orange' },
  { score: 3, label: 'Moderate', percent: 60, colour: 'yellow' },
  { score: 4, label: 'Good', percent: 80, colour: 'lightgreen' },
  { score: 5, label: 'Strong', percent: 100, colour: 'green' },
] as const
export type StrengthLevel = (typeof strengthLevels)[number]

export function passwordStrength(password: string): StrengthLevel {
  return strengthLevels[passwordScore(password)] ?? strengthLevels[0]
}

// --- Contact details and numbers.

export const emailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,5}$/

/**
 * Issue 40 (P2): before a factor passes, getDetails shows the contacts masked
 * (delivery.ts maskEmail, maskPhone); the contact form sends a kept one back as shown.
 */
export const maskedEmailPattern = /^[^@\s*]?\*{3,}@[^@\s*]+$/
export const maskedPhonePattern = /^\*{3}-\*{3}-\d{4}$/

/**
 * The mobile number's digits as the MFA contact form takes them: for North America (dial
 * prefix 1) area code and exchange do not start with 0 or 1; elsewhere xxx-xxx-xxxx.
 */
export function isValidMobile(phoneNumber: string, dialPrefix: string): boolean {
  if (dialPrefix !== '1') return /^\d{3}-\d{3}-\d{4}$/.test(phoneNumber)
  return /^[2-9]\d{2}-[2-9]\d{2}-\d{4}$/.test(phoneNumber)
}

/**
 * The ten national digits of a North American number however it arrives ('(312) 555-0101',
 * '+1 312 555 0101'): a leading country code 1 is dropped, at most ten digits are kept.
 */
export function nationalPhoneDigits(value: string): { digits: string; droppedLeadingOne: boolean } {
  const all = value.replace(/\D/g, '')
  const droppedLeadingOne = all.length > 10 && all.startsWith('1')
  return { digits: (droppedLeadingOne ? all.slice(1) : all).slice(0, 10), droppedLeadingOne }
}

/** Formats a phone number as it is typed or pasted: '3125550' → '312-555-0', '+1 (312) 555-0101' → '312-555-0101'. */
export function formatPhoneInput(value: string): string {
  const d = nationalPhoneDigits(value).digits
  if (d.length <= 3) return d
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`
}

/**
 * A code as people type or paste it ('123 456', '123-456'): its digits only, at most six
 * (issue 27). The forms apply it as typed; a code so kept is what the schema below takes.
 */
export function codeDigitsOf(value: string): string {
  return value.replace(/\D/g, '').slice(0, limits.verificationCodeLength)
}

/**
 * The field rules of spec §5, their messages in one language (issue 43): the service's
 * schemas use the English (below), the portal's forms the active language's, so that a
 * Spanish page never answers a typo in English.
 */
export function fieldRules(t: FieldTexts) {
  const m = { ...t.validation, ...t.login }
  return {
    usernameLogin: requiredText('login.usernameRequired', m.usernameRequired, limits.loginFieldMax),
    passwordLogin: requiredText('login.passwordRequired', m.passwordRequired, limits.loginFieldMax),
    newUsername: z
      .string(said('login.usernameRequired', m.usernameRequired))
      .check(
        z.minLength(1, said('login.usernameRequired', m.usernameRequired)),
        z.regex(/^\w{6,50}$/, said('validation.usernamePattern', m.usernamePattern)),
      ),
    newPassword: z.string(said('login.passwordRequired', m.passwordRequired)).check(
      z.minLength(1, said('login.passwordRequired', m.passwordRequired)),
      z.refine(
        (p) => p.length >= limits.passwordMin,
        said('validation.passwordMinLength', m.passwordMinLength),
      ),
      z.refine(
        (p) => passwordScore(p) === 5,
        said('validation.passwordPattern', m.passwordPattern),
      ),
    ),
    email: z.string().check(
      z.trim(),
      z.maxLength(limits.recoveryEmailMax),
      z.superRefine((value, ctx) => {
        if (!emailPattern.test(value))
          ctx.addIssue({ code: 'custom', message: m.email(value), messageKey: 'validation.email' })
      }),
    ),
    /** The MFA contact form's email: an address, or the one on file as shown masked (kept). */
    contactEmail: z.string().check(
      z.trim(),
      z.maxLength(limits.recoveryEmailMax),
      z.superRefine((value, ctx) => {
        if (!emailPattern.test(value) && !maskedEmailPattern.test(value)) {
          ctx.addIssue({ code: 'custom', message: m.email(value), messageKey: 'validation.email' })
        }
      }),
    ),
    /** Phone numbers are typed freely; non-digits are stripped and exactly ten must remain. */
    phoneDigits: z
      .pipe(
        z.string(),
        z.transform((value: string) => value.replace(/\D/g, '')),
      )
      .check(z.refine((digits) => digits.length === 10, said('validation.mobile', m.mobile))),
    /** xxx-xxx-xxxx, or the number on file as shown masked (kept; issue 40). */
    mfaPhone: z
      .string()
      .check(z.regex(/^(\d{3}-\d{3}|\*{3}-\*{3})-\d{4}$/, said('validation.mobile', m.mobile))),
    accountNumber: z
      .string()
      .check(
        z.trim(),
        z.regex(/^[A-Za-z0-9]{1,10}$/, said('validation.accountNumber', m.accountNumber)),
      ),
    agentNumber: z
      .string()
      .check(z.trim(), z.regex(/^\d{6}$/, said('validation.agentNumber', m.agentNumber))),
    verificationCode: z
      .string()
      .check(z.trim(), z.regex(/^\d{6}$/, said('validation.verificationCode', m.verificationCode))),
  }
}
export type FieldRules = ReturnType<typeof fieldRules>

const english = fieldRules({ login, validation })
export const usernameLoginSchema = english.usernameLogin
export const passwordLoginSchema = english.passwordLogin
export const newUsernameSchema = english.newUsername
export const newPasswordSchema = english.newPassword
export const emailSchema = english.email
export const contactEmailSchema = english.contactEmail
export const phoneDigitsSchema = english.phoneDigits
export const mfaPhoneSchema = english.mfaPhone
export const accountNumberSchema = english.accountNumber
export const agentNumberSchema = english.agentNumber
export const verificationCodeSchema = english.verificationCode
