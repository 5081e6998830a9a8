// The sign-in as one flow (docs/flows/sign-in.md): named states, the events that move a
// session between them, and the one table that says which moves are allowed. This file is
// the table only (no request, no session, no HTTP): flow-guard.ts applies it to the
// request's session, and no route writes a state itself.
import type { CustomerVerdict } from '@portal/contract'

export const signInStates = [
  /** A temporary or expired password: only updateTempPassword is open. */
  'password_change_required',
  /** The password was right; the login page's program is still to be checked (usweb). */
  'program_pending',
  /** The program verdict is 'allowed'; the second factor is still to be decided. */
  'mfa_pending',
  /** RE_ENROLL: no verified contacts, so contacts may be entered; a code sent to them proves them. */
  'enrolling',
  /** CHALLENGE_LOGIN: verified contacts exist and a code sent to one of them must be entered. */
  'challenged',
  /** The second factor is passed (or not asked): the hand-off may be issued. */
  'authenticated',
  /** The program verdict said no (mismatch, ineligible, broker client): nothing further. */
  'blocked',
] as const

export type SignInState = (typeof signInStates)[number]

export type SignInEvent =
  | 'programAllowed'
  | 'programRefused'
  | 'mfaNotRequired'
  | 'enrolmentRequired'
  | 'challengeRequired'
  | 'codePassed'
  /** Ends the flow: the session row is deleted. */
  | 'handedOff'
  | 'locked'
  | 'passwordReplaced'

/** 'ended' is not kept: an ended flow has no session. */
type Target = SignInState | 'ended'

/** The allowed transitions. Anything not listed is refused. */
export const transitions: Readonly<
  Record<SignInState, Readonly<Partial<Record<SignInEvent, Target>>>>
> = {
  password_change_required: { passwordReplaced: 'ended' },
  program_pending: { programAllowed: 'mfa_pending', programRefused: 'blocked' },
  mfa_pending: {
    mfaNotRequired: 'authenticated',
    enrolmentRequired: 'enrolling',
    challengeRequired: 'challenged',
    locked: 'ended',
  },
  // The decision may be asked again (a reload); it cannot move a challenge to an enrolment
  // while verified contacts exist, because it is the service that decides.
  enrolling: {
    enrolmentRequired: 'enrolling',
    challengeRequired: 'challenged',
    mfaNotRequired: 'authenticated',
    codePassed: 'authenticated',
    locked: 'ended',
  },
  challenged: {
    challengeRequired: 'challenged',
    mfaNotRequired: 'authenticated',
    codePassed: 'authenticated',
    locked: 'ended',
  },
  authenticated: { handedOff: 'ended', locked: 'ended' },
  blocked: {},
}

/**
 * Where a second factor is owed on this device: a code sent to a contact passes it, and so
 * does a passkey of the account (issue 43): at a challenge, and at a confirmation of details
 * not all proven yet (RE_ENROLL), where the unproven contact can be proven later by a code.
 * A passkey exists only after a factor passed (creation is open after a code) and every reset
 * that asks for contacts again removes them, so an enrolment of new details has none.
 */
export const factorOwed: readonly SignInState[] = ['enrolling', 'challenged']

/** Every sign-in that is neither changing its password nor stopped by the program rules. */
export const activeSignIn: readonly SignInState[] = [
  'program_pending',
  'mfa_pending',
  'enrolling',
  'challenged',
  'authenticated',
]

export function isSignInState(value: unknown): value is SignInState {
  return (signInStates as readonly unknown[]).includes(value)
}

/** Where `event` leads from `state`, or undefined when the table does not allow it. */
export function nextState(state: SignInState, event: SignInEvent): Target | undefined {
  return transitions[state][event]
}

/** The states the table allows `event` from (the hand-off's: 'authenticated'). */
export function statesAllowing(event: SignInEvent): SignInState[] {
  return signInStates.filter((state) => nextState(state, event) !== undefined)
}

/** The states before the program verdict is bound: past them, it must say 'allowed'. */
export const beforeProgramCheck: readonly SignInState[] = [
  'password_change_required',
  'program_pending',
]

/** Where a new flow starts, from what the password step found. */
export function initialState(start: {
  isPasswordChangeRequired: boolean
  /** Known at the password step when the login page fixes the program (pl). */
  verdict?: CustomerVerdict
}): SignInState {
  if (start.isPasswordChangeRequired) return 'password_change_required'
  if (start.verdict === undefined) return 'program_pending'
  return start.verdict === 'allowed' ? 'mfa_pending' : 'blocked'
}

/** What the flow keeps beside its state: the program verdict, bound once. */
export interface ProgramCheck {
  /** The program whose login page was used (its code). */
  program: string
  verdict: CustomerVerdict
  association: string
}
