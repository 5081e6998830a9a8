// The program's customer number as the registration and recovery forms take it (spec §5);
// the rules that judge it are in form-schemas.ts.
import type { ChangeEvent } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { agentNumberDigitsOf, customerNumberFor, limits, type Program } from '@portal/contract'
import { t } from '../../i18n/texts.ts'

/** Programs whose customers are agents type a six-digit Agent Number (augustar/onl). */
export function isAgentNumberProgram(program: Program): boolean {
  return program.customerNumberKind === 'agent'
}

/** Room for an Agent Number pasted as printed, with its prefix, spaces and dashes. */
const agentNumberAsPrintedMax = 20

/**
 * The most characters the program's number field takes. An Agent Number keeps six digits as
 * it is typed (agentNumberTyped), so its field takes 'ASF 100-002' pasted whole (issue 27).
 */
export function customerNumberMaxLength(program: Program): number {
  return isAgentNumberProgram(program) ? agentNumberAsPrintedMax : limits.customerNumberMax
}

/** The hint under an Agent Number field (issue 27); none for an account number. */
export function customerNumberHint(program: Program): string | undefined {
  return isAgentNumberProgram(program)
    ? t.registration.agentNumberHint(program.customerNumberPrefix)
    : undefined
}

/**
 * A registered number field that, for an agent program, keeps the Agent Number's six digits
 * as typed or pasted: 'ASF100002' → '100002' (issue 27). Any other program's is unchanged.
 */
export function agentNumberTyped<T extends UseFormRegisterReturn>(program: Program, field: T): T {
  if (!isAgentNumberProgram(program)) return field
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.target
      const digits = agentNumberDigitsOf(program, input.value)
      if (digits !== input.value) input.value = digits
      return field.onChange(event)
    },
  }
}

/** Spec §5: the number the service knows is the program's prefix (ASF) and the typed value. */
export function customerNumberOf(program: Program, value: string): string {
  return customerNumberFor(program, value)
}

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '')
}
