// Spec §5 field rules shared by the registration and recovery forms: each function gives
// the message a field shows, or undefined when the value may be sent. The rules themselves
// are the contract's, so the portal and the service judge a value the same way.
import {
  accountNumberSchema,
  agentNumberSchema,
  emailSchema,
  limits,
  messages,
  phoneDigitsSchema,
  type Program,
} from '@portal/contract'

const m = messages.validation

const agentNumberLength = 6

const isBlank = (value: string) => value.trim().length === 0

export function emailProblem(value: string): string | undefined {
  if (isBlank(value)) return m.required
  return emailSchema.safeParse(value).success ? undefined : m.email(value.trim())
}

/** Typed with the ###-###-#### mask; ten digits must remain once the rest is stripped. */
export function mobileProblem(value: string): string | undefined {
  if (isBlank(value)) return m.required
  return phoneDigitsSchema.safeParse(value).success ? undefined : m.mobile
}

/** Programs whose customers are agents type a six-digit Agent Number (augustar/onl). */
export function isAgentNumberProgram(program: Program): boolean {
  return program.accountLabel === 'Agent Number'
}

/** The program's Account Number (1-10 letters or digits) or Agent Number (six digits). */
export function customerNumberProblem(program: Program, value: string): string | undefined {
  if (isBlank(value)) return m.required
  const schema = isAgentNumberProgram(program) ? agentNumberSchema : accountNumberSchema
  const result = schema.safeParse(value)
  return result.success ? undefined : (result.error.issues[0]?.message ?? m.required)
}

/** The most characters the program's number field takes. */
export function customerNumberMaxLength(program: Program): number {
  return isAgentNumberProgram(program) ? agentNumberLength : limits.customerNumberMax
}

/** Spec §5: the number the service knows is the program's prefix (ASF) and the typed value. */
export function customerNumberOf(program: Program, value: string): string {
  return `${program.customerNumberPrefix}${value.trim()}`
}

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '')
}
