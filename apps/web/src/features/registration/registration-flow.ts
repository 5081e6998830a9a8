// Spec §4 "Registration" as pure functions over the calls they need, so that every answer's
// meaning is decided here, once, and tested without a browser. The calls live in
// registration-api.ts; the screens only show what these return.
import {
  appNames,
  type CreateUserRequest,
  type CreateUserResponse,
  type Flavour,
  type Program,
  type RegistrationLookup,
  type RegistrationLookupResponse,
} from '@portal/contract'
import { failureTextOf, t } from '../../i18n/texts.ts'
import { userMessageOf, type CallResult } from '../../lib/api/api-client.ts'
import {
  customerNumberOf,
  digitsOf,
  isAgentNumberProgram,
} from '../../lib/forms/customer-number.ts'

/** What step 1 found and step 2 needs; carried in router state, never in storage. */
export interface RegistrationDetails {
  membershipCd: string
  firstName: string | null
  email: string
  /** Ten digits. */
  phone: string
}

export interface ExistingAccountAnswer {
  body: { accountExists: true } | null
}

export interface RegistrationCalls {
  lookUp(query: RegistrationLookup): Promise<CallResult<RegistrationLookupResponse>>
  checkExistingAccount(check: {
    membershipCd: string
    primaryEmailAddress: string
    phoneNumber?: string
  }): Promise<CallResult<ExistingAccountAnswer>>
  /** A short reason, never personal data. */
  logInfo(reason: string): void
}

export interface IdentifyRequest {
  flavour: Flavour
  program: Program
  level1Org: string
  /** As typed: the Account Number, or the six-digit Agent Number without its prefix. */
  accountValue: string
  email: string
  /** As typed, with the mask. */
  phone: string
}

export type IdentifyEnd =
  | { kind: 'step2'; details: RegistrationDetails }
  | { kind: 'banner'; items: string[] }
  /** usweb: the existing-account check errored; spec §4 sends the user to register2. */
  | { kind: 'register2' }
  /** Spec §8 (usweb): ineligible and broker-client customers are only logged; nothing shown. */
  | { kind: 'stopped' }

const banner = (...items: string[]): IdentifyEnd => ({ kind: 'banner', items })

// Spec §8: "only logged". The reasons name the rule, not the person.
const loggedReasonOf = {
  ineligible: 'Registration stopped: the customer is ineligible (status i).',
  brokerClient: 'Registration stopped: clients of brokers cannot register on this site.',
} as const

function notFoundItems(program: Program): string[] {
  // Spec §8: for onl the message adds a hint about the six-digit Agent Number.
  return isAgentNumberProgram(program)
    ? [t.registration.notFound, t.registration.notFoundAgentHint]
    : [t.registration.notFound]
}

/** Step 1: customer lookup, program rules, existing-account check (spec §4 "Registration"). */
export async function identify(
  request: IdentifyRequest,
  calls: RegistrationCalls,
): Promise<IdentifyEnd> {
  const { flavour, program } = request
  const customerNumber = customerNumberOf(program, request.accountValue)
  const email = request.email.trim()
  const phone = digitsOf(request.phone)

  const found = await calls.lookUp({
    clientPrefix: program.serviceCode,
    customerNumber,
    level1Org: request.level1Org,
    email,
    // Spec §3: the registration variant sends the customer number here.
    primaryEmailAddress: customerNumber,
    phoneNumber: phone,
  })
  if (found.kind !== 'answered') {
    if (found.kind === 'refused' && found.status === 404) return banner(...notFoundItems(program))
    return banner(userMessageOf(found) ?? failureTextOf(flavour))
  }

  const { eligibility, membershipCd, firstName } = found.json
  if (eligibility === 'ineligible' && flavour === 'pl') {
    return banner(t.registration.ineligible)
  }
  if (eligibility !== 'eligible') {
    calls.logInfo(loggedReasonOf[eligibility])
    return { kind: 'stopped' }
  }

  const existing = await calls.checkExistingAccount({
    membershipCd,
    primaryEmailAddress: email,
    // Spec §3: the pl check adds the phone number.
    ...(flavour === 'pl' ? { phoneNumber: phone } : {}),
  })
  if (existing.kind === 'answered') {
    if (existing.json.body) return banner(t.registration.accountExists)
    return { kind: 'step2', details: { membershipCd, firstName, email, phone } }
  }
  if (existing.kind === 'refused' && existing.status === 429 && existing.message) {
    return banner(existing.message)
  }
  return flavour === 'usweb' ? { kind: 'register2' } : banner(t.registration.unableToProcess)
}

/** Step 2's account-creation request (spec §3). */
export function createUserRequestOf(
  flavour: Flavour,
  level1Org: string,
  details: RegistrationDetails,
  credentials: { userName: string; password: string },
): CreateUserRequest {
  return {
    userLoginNm: credentials.userName,
    userPassword: credentials.password,
    phoneNumber: details.phone,
    appName: appNames[flavour],
    membershipCd: details.membershipCd,
    firstName: details.firstName,
    primaryEmailAddress: details.email,
    optLocVersionNo: '0',
    level1Org,
  }
}

export type CreateEnd = { kind: 'created' } | { kind: 'banner'; items: string[] }

/** Step 2's answer: SUCCESS goes on to step 3; anything else is a message (spec §4, §8). */
export function createOutcomeOf(result: CallResult<CreateUserResponse>): CreateEnd {
  if (result.kind === 'answered') {
    switch (result.json.returnCode) {
      case 'SUCCESS':
        return { kind: 'created' }
      case 'USER_ALREADY_EXISTS':
        return { kind: 'banner', items: [t.registration.usernameTaken] }
      case 'ACCOUNT_EXISTS':
        return { kind: 'banner', items: [t.registration.accountExists] }
      default:
        return { kind: 'banner', items: [t.registration.unableToProcess] }
    }
  }
  return { kind: 'banner', items: [userMessageOf(result) ?? t.registration.unableToProcess] }
}
