// The forms' schemas, built from the contract's field rules (spec §5) so that the portal and
// the service judge a value the same way. Every form hands its schema to react-hook-form
// through `formResolver`; the handlers receive the values as typed (not transformed).
import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldValues, Resolver } from 'react-hook-form'
import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import {
  accountNumberSchema,
  agentNumberSchema,
  emailSchema,
  phoneDigitsSchema,
  type Program,
} from '@portal/contract'
import { messages } from '../i18n/texts.ts'
import { isAgentNumberProgram } from './customer-number.ts'

const m = messages.validation

/** A required value: blank after trimming gives the required message, else `schema` judges. */
export function filled<T>(schema: $ZodType<T, string>, message: string = m.required) {
  return z.pipe(z.string().check(z.refine((value) => value.trim().length > 0, message)), schema)
}

export const emailField = filled(emailSchema)
export const mobileField = filled(phoneDigitsSchema)

/** The program's Account Number (1-10 letters or digits) or Agent Number (six digits). */
export function customerNumberField(program: Program) {
  return filled(isAgentNumberProgram(program) ? agentNumberSchema : accountNumberSchema)
}

/** The first message `schema` gives for `value`, or undefined when it passes. */
export function problemOf(schema: $ZodType, value: unknown): string | undefined {
  const result = z.safeParse(schema, value)
  return result.success ? undefined : (result.error.issues[0]?.message ?? m.required)
}

/** react-hook-form's resolver for a form schema; the submit handler gets the raw values. */
export function formResolver<T extends FieldValues>(schema: $ZodType<unknown, T>): Resolver<T> {
  return zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<T>
}
