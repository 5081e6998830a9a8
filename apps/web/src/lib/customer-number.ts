// The program's customer number as the registration and recovery forms take it (spec §5);
// the rules that judge it are in form-schemas.ts.
import { limits, type Program } from '@portal/contract'

const agentNumberLength = 6

/** Programs whose customers are agents type a six-digit Agent Number (augustar/onl). */
export function isAgentNumberProgram(program: Program): boolean {
  return program.customerNumberKind === 'agent'
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
