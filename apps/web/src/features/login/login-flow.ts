// Spec §4 "Login" steps 2-6 as one function over the calls it needs, so that each step's
// outcome is decided here, once, and can be tested without a browser. The calls themselves
// live in login-api.ts; the screen only shows what this returns.
import type {
  AuthOutcome,
  CustomerVerdict,
  CwMfaResponse,
  Flavour,
  Program,
} from '@portal/contract'
import type { HandoffResult, HandoffTarget } from '../../lib/sign-in/handoff.ts'
import { stepAfterLogin, type MfaScreenKey } from '../../lib/sign-in/mfa-next-step.ts'

export type { HandoffResult }

export interface Credentials {
  userName: string
  password: string
}

export type AuthenticationResult =
  /** Status 201: the message of spec §4 decides what happens. */
  | { kind: 'answered'; outcome: AuthOutcome; isTemporaryPassword: boolean }
  /** Status 400: the service judged a field missing or invalid. */
  | { kind: 'rejected'; message: string | null }
  /** Any other status, an unreadable answer, or no answer at all. */
  | { kind: 'failed' }

export type CustomerCheck =
  | { kind: 'checked'; verdict: CustomerVerdict; association: string }
  /** The account or customer lookup answered with an error or an unreadable body. */
  | { kind: 'lookupFailed' }
  /** No answer at all. */
  | { kind: 'failed' }

export type MfaDecision =
  /** The service's cwMFAResponse; pl's MFA authenticate may answer null (spec §7). */
  { kind: 'answered'; response: CwMfaResponse | null } | { kind: 'failed' }

export interface LoginCalls {
  authenticate(credentials: Credentials, velLevel1Org: string): Promise<AuthenticationResult>
  authenticatePl(credentials: Credentials): Promise<AuthenticationResult>
  checkCustomer(userName: string, program: Program, level1Org: string): Promise<CustomerCheck>
  /** pl: loads the identity of the signed-in user; false when it cannot be had. */
  loadIdentity(): Promise<boolean>
  /** Spec §4 step 5: usweb's getMFAUser, pl's MFA authenticate. */
  decideMfa(flavour: Flavour): Promise<MfaDecision>
  requestHandoff(target: HandoffTarget): Promise<HandoffResult>
  rememberUsername(userName: string): void
  rememberAssociation(associationName: string): void
  /** A short reason, never personal data. */
  logInfo(reason: string): void
}

export interface LoginRequest {
  flavour: Flavour
  /** The program of the login page (the session's prgName). */
  program: Program
  /** Sent as velLevel1Org (usweb) and with the customer lookup. */
  level1Org: string
  credentials: Credentials
}

export type BannerReason = Exclude<AuthOutcome, 'success' | 'expired'> | 'failure'

export type LoginEnd =
  /** Leave the portal for the main program site or the policy application. */
  | { kind: 'leave'; url: string }
  /** Spec §4: a temporary password or expired credentials go to updatetemppassword. */
  | { kind: 'updateTempPassword' }
  /** Spec §4 "MFA status mapping": a verification screen (support with its ticket). */
  | { kind: 'mfa'; screen: MfaScreenKey; incidentID: string | null }
  | { kind: 'banner'; reason: BannerReason }
  | { kind: 'rejected'; message: string | null }
  /** Spec §4/§8: stopped without a message (only logged); the spinner is hidden. */
  | { kind: 'stopped' }

const banner = (reason: BannerReason): LoginEnd => ({ kind: 'banner', reason })

// Spec §4 "Program rules at login": "only logged". The reasons name the rule, not the person.
const loggedReasonOf = {
  ineligible: 'Login stopped: the customer is ineligible (status i) for this program.',
  brokerClient: 'Login stopped: clients of brokers cannot use this renewal site.',
} as const

/** Spec §4 step 3-4 (usweb): the customer lookup and the program rules; null when allowed. */
async function checkProgramRules(request: LoginRequest, calls: LoginCalls) {
  const check = await calls.checkCustomer(
    request.credentials.userName,
    request.program,
    request.level1Org,
  )
  if (check.kind === 'failed') return banner('failure')
  // Spec §8: the mismatch message "also shown on a customer lookup failure".
  if (check.kind === 'lookupFailed' || check.verdict === 'mismatch') return banner('mismatch')
  if (check.verdict === 'ineligible' || check.verdict === 'brokerClient') {
    calls.logInfo(loggedReasonOf[check.verdict])
    return { kind: 'stopped' } as const
  }
  calls.rememberAssociation(check.association)
  return null
}

export async function logIn(request: LoginRequest, calls: LoginCalls): Promise<LoginEnd> {
  const { flavour, credentials } = request
  const result =
    flavour === 'pl'
      ? await calls.authenticatePl(credentials)
      : await calls.authenticate(credentials, request.level1Org)
  if (result.kind === 'failed') return banner('failure')
  if (result.kind === 'rejected') return { kind: 'rejected', message: result.message }

  const { outcome } = result
  if (outcome !== 'success' && outcome !== 'expired') return banner(outcome)
  // The update screen sends the username the user logged in with (spec §1: session-held).
  calls.rememberUsername(credentials.userName)
  if (outcome === 'expired' || result.isTemporaryPassword) return { kind: 'updateTempPassword' }

  if (flavour === 'pl') {
    if (!(await calls.loadIdentity())) return banner('failure')
  } else {
    const stop = await checkProgramRules(request, calls)
    if (stop) return stop
  }

  // Spec §4 step 5: the second factor decides whether the user is handed off now.
  const decision = await calls.decideMfa(flavour)
  if (decision.kind === 'failed') return banner('failure')
  const step = stepAfterLogin(flavour, decision.response)
  if (step.kind === 'screen')
    return { kind: 'mfa', screen: step.screen, incidentID: step.incidentID }
  // The login screen has no message of its own for an MFA answer: treat it as a failure.
  if (step.kind === 'stay') return banner('failure')

  const handoff = await calls.requestHandoff(step.target)
  if (handoff.kind === 'granted') return { kind: 'leave', url: handoff.url }
  if (handoff.kind === 'refused') return { kind: 'stopped' }
  return banner('failure')
}
