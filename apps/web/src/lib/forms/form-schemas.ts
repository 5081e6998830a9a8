// The forms' schemas, built from the contract's field rules (spec §5) so that the portal and
// the service judge a value the same way. Every form hands its schema to react-hook-form
// through `formResolver`; the handlers receive the values as typed (not transformed).
import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldValues, Resolver } from 'react-hook-form'
import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import {
  fieldRules as fieldRulesIn,
  passwordScore,
  type FieldRules,
  type Program,
} from '@portal/contract'
import { t } from '../../i18n/texts.ts'
import { isCommonPassword } from './common-passwords.ts'
import { isAgentNumberProgram } from './customer-number.ts'

let rulesOfActive: { texts: unknown; rules: FieldRules } | undefined

/**
 * The contract's field rules with the active language's messages (issue 43: a Spanish page
 * answers a typo in Spanish), read when a form asks, never when a module loads.
 */
export function fieldRules(): FieldRules {
  // Rebuilt once the rest of the texts is in: before, the login fields' rules only are read.
  const texts = t.validation
  if (rulesOfActive?.texts !== texts) rulesOfActive = { texts, rules: fieldRulesIn(t) }
  return rulesOfActive.rules
}

/** A required value: blank after trimming gives the required message, else `schema` judges. */
export function filled<T>(schema: $ZodType<T, string>, message?: string) {
  const required = message ?? t.validation.required
  return z.pipe(z.string().check(z.refine((value) => value.trim().length > 0, required)), schema)
}

export const emailField = () => filled(fieldRules().email)
export const mobileField = () => filled(fieldRules().phoneDigits)

/** The program's Account Number (1-10 letters or digits) or Agent Number (six digits). */
export function customerNumberField(program: Program) {
  const rules = fieldRules()
  return filled(isAgentNumberProgram(program) ? rules.agentNumber : rules.accountNumber)
}

/** The first message `schema` gives for `value`, or undefined when it passes. */
export function problemOf(schema: $ZodType, value: unknown): string | undefined {
  const result = z.safeParse(schema, value)
  return result.success ? undefined : (result.error.issues[0]?.message ?? t.validation.required)
}

/** react-hook-form's resolver for a form schema; the submit handler gets the raw values. */
export function formResolver<T extends FieldValues>(schema: $ZodType<unknown, T>): Resolver<T> {
  return zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<T>
}

/**
 * A new password's checks across fields (spec §5, issue 28), judged whatever the other fields
 * say: the confirmation equals it (`mismatch` is the screen's wording), and a password the five
 * rules accept is still refused when too easy to guess for the username.
 */
export function newPasswordChecks<T extends { password: string; confirmPassword: string }>(
  mismatch: string,
  usernameOf: (values: T) => string,
) {
  return [
    z.refine<T>((values) => values.confirmPassword === values.password, {
      path: ['confirmPassword'],
      message: mismatch,
      when: () => true,
    }),
    z.refine<T>(
      (values) =>
        passwordScore(values.password) < 5 ||
        !isCommonPassword(values.password, usernameOf(values)),
      { path: ['password'], message: t.validation.passwordGuessable, when: () => true },
    ),
  ] as const
}
