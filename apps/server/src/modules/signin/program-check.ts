// The program rules of spec §4, decided in one place for every way in: the password step
// (the login page's door, and pl's verdict), the usweb customer lookup (the verdict bound to
// the sign-in flow) and registration (who may open an account). Nothing else in the server
// calls `customerVerdict` or `associationOf`.
import {
  associationOf,
  customerVerdict,
  findProgram,
  isProgramCode,
  programRulesOf,
  programsWithLevel1Org,
  type CustomerFacts,
  type CustomerVerdict,
  type ProgramCode,
  type RegistrationLookupResponse,
} from '@portal/contract'
import type { ProgramCheck } from './flow.ts'

/** What the rules read of a customer record. */
export type CheckedCustomer = CustomerFacts & { level2org?: string | null }

/**
 * Whether `program` is one of the programs behind a login page's level1Org. A right
 * password at another program's door is still the wrong door.
 */
export function isThroughItsDoor(level1Org: string, program: string): boolean {
  return programsWithLevel1Org(level1Org).some((p) => p.code === program)
}

/** The verdict for signing in to `program`; no customer record (or no program) is a mismatch. */
export function verdictFor(
  program: string,
  customer: CheckedCustomer | undefined,
): CustomerVerdict {
  return customer && isProgramCode(program) ? customerVerdict(program, customer) : 'mismatch'
}

/** The check bound at the password step, where the login page fixes the program (pl). */
export function checkAtPassword(
  program: string,
  customer: CheckedCustomer | undefined,
): ProgramCheck {
  return {
    program,
    verdict: verdictFor(program, customer),
    association: isProgramCode(program) ? associationOf(program, customer?.level2org) : '',
  }
}

/**
 * The check bound by the usweb customer lookup (spec §4 steps 3-4): the program the login
 * page named, through the door (level1Org) the password was given at.
 */
export function checkAtLookup(
  program: ProgramCode,
  door: string,
  customer: CheckedCustomer,
): ProgramCheck {
  return {
    program,
    verdict: isThroughItsDoor(door, program) ? customerVerdict(program, customer) : 'mismatch',
    association: associationOf(program, customer.level2org),
  }
}

/**
 * Whether a customer may be identified for registration at this door (and, when asked, for
 * this program). The login rules that reject a record outright (dtcmyaccount's tax ids)
 * apply to registration as to login.
 */
export function isOpenToRegistration(
  customer: CheckedCustomer,
  level1Org: string,
  askedProgram?: string,
): boolean {
  const program = findProgram(customer.kprogName)
  if (!program || !isThroughItsDoor(level1Org, program.code)) return false
  if (askedProgram !== undefined && program.code !== askedProgram) return false
  return customerVerdict(program.code, customer) !== 'mismatch'
}

/** Registration's answer for an identified customer (see `isIneligibleStatusBlockedAtRegistration`). */
export function registrationEligibility(
  customer: CheckedCustomer,
): RegistrationLookupResponse['eligibility'] {
  const program = findProgram(customer.kprogName)
  const isStatusBlocked = program
    ? programRulesOf(program.code).isIneligibleStatusBlockedAtRegistration
    : true
  if (isStatusBlocked && customer.status === 'i') return 'ineligible'
  if (program && customerVerdict(program.code, customer) === 'brokerClient') return 'brokerClient'
  return 'eligible'
}
