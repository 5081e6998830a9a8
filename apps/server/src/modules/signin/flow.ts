// The sign-in as one flow (docs/flows/sign-in.md): named states, the events that move a
// session between them, and the one table that says which moves are allowed. The state is
// kept in the session row; routes ask the flow to advance and to check where a session is,
// and no route writes a state itself.
//
// SECURITY: every call that needs a sign-in names the states it is open in. A session that
// is anywhere else is refused (401, or 403 once the program verdict said no), so a client
// cannot skip a step (the second factor), go back to one (re-binding contacts after the
// password only) or carry on after the mismatch banner.
import type { CustomerVerdict } from '@portal/contract'
import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../plugins/errors.ts'
import type { Session } from '../../plugins/session.ts'

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

export function programCheckOf(session: Session): ProgramCheck | undefined {
  const check = session.data.programCheck as ProgramCheck | undefined
  return check && typeof check.verdict === 'string' ? check : undefined
}

const signInFirst = 'Please log in to continue.'
export const refusedProgram = 'This account cannot continue to the program site.'

/**
 * The session, if it is in one of `states`; otherwise a 401 (a 403 for a blocked one: the
 * program verdict said no, and nothing else is open to it).
 */
export async function requireState(
  request: FastifyRequest,
  states: readonly SignInState[],
): Promise<Session & { stage: SignInState }> {
  const session = await request.session.load()
  if (!session || !isSignInState(session.stage)) throw new HttpError(401, signInFirst)
  if (!states.includes(session.stage)) {
    if (session.stage === 'blocked') throw new HttpError(403, refusedProgram)
    throw new HttpError(401, signInFirst)
  }
  // Past the program check, the bound verdict must say 'allowed' (it is what let it pass).
  const isPastProgramCheck = !['password_change_required', 'program_pending'].includes(
    session.stage,
  )
  if (isPastProgramCheck && programCheckOf(session)?.verdict !== 'allowed') {
    throw new HttpError(403, refusedProgram)
  }
  return session as Session & { stage: SignInState }
}

/**
 * Moves the request's session on by `event`, keeping `data` beside it. Refused (409) when
 * the table does not allow the move; an 'ended' flow deletes the session.
 */
export async function advance(
  request: FastifyRequest,
  event: SignInEvent,
  data: Record<string, unknown> = {},
): Promise<Target> {
  const session = await request.session.load()
  const from = session?.stage
  const to = isSignInState(from) ? nextState(from, event) : undefined
  if (!session || !to) throw new HttpError(409, 'This step does not follow the previous one.')
  if (to === 'ended') {
    await request.session.end()
    return to
  }
  // The second factor raises what the session may do: a fresh id, so one seen before the
  // code (on a shared screen, in a log) is worth nothing after it. Moved and rotated in one write.
  await request.session.moveTo(
    to,
    { ...session.data, ...data },
    { isRotated: to === 'authenticated' },
  )
  return to
}
