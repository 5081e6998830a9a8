// Who moves the sign-in (docs/flows/sign-in.md): the one place that starts a flow, binds its
// program verdict and moves it on. flow.ts says which moves are allowed; this file makes them,
// on the request's session. A route parses, guards (flow-guard.ts), calls its service, and
// hands the service's outcome here (`applyOutcome`); it never names an event itself.
//
// A step's outcome becomes a flow event through one table (`outcomeMoves`): a new second
// factor (a passkey was one) is one row of it.
import type { FastifyRequest } from 'fastify'
import { type ProgramCode } from '@portal/contract'
import { HttpError } from '../../plugins/errors.ts'
import type { Session, SessionHandle } from '../../plugins/session.ts'
import {
  initialState,
  isSignInState,
  nextState,
  statesAllowing,
  type ProgramCheck,
  type SignInEvent,
  type SignInState,
} from './flow.ts'
import { endingMember, programCheckOf, type EndedMember } from './flow-guard.ts'
import { checkAtLookup, checkAtPassword, type CheckedCustomer } from './program-check.ts'

/** The row an audit entry makes, written by the statement that moves the session. */
type AuditEntry = NonNullable<NonNullable<Parameters<SessionHandle['end']>[0]>['audit']>
/** The statement that records the sign-in and writes the session's row with it. */
type Insert = NonNullable<Parameters<SessionHandle['start']>[1]>['insert']

/**
 * What a move does to the session: a flow event (flow.ts's table says where it leads), or
 * 'renewed': the session starts again under a new id where it stands (no state changes).
 */
type Move = SignInEvent | 'renewed'

/** Every kind of outcome a step can come to; a kind missing from a step's row moves nothing. */
type OutcomeKind =
  /** A second factor, and its decision (the services' MfaOutcome kinds). */
  | 'continue'
  | 'enrol'
  | 'challenge'
  | 'passed'
  | 'locked'
  /** The temporary password: replaced (flag cleared) or kept. */
  | 'replaced'
  | 'kept'
  /** The hand-off was issued. */
  | 'issued'
  /** A signed-in member changed their password. */
  | 'changed'

/**
 * The one outcome → move table. Rows are the steps whose outcome moves the flow; a second
 * factor's row is `passed` → codePassed and `locked` → locked (a wrong try, `continue`,
 * moves nothing).
 */
export const outcomeMoves = {
  /** The second factor's decision (spec §4 step 5: getMFAUser, MFA authenticate). */
  decision: {
    enrol: 'enrolmentRequired',
    challenge: 'challengeRequired',
    passed: 'mfaNotRequired',
    locked: 'locked',
  },
  /** A verification code entered. */
  code: { passed: 'codePassed', locked: 'locked' },
  /** A passkey's assertion: exactly what a right code does (docs/decisions/0022). */
  passkey: { passed: 'codePassed', locked: 'locked' },
  /** updateTempPassword: the user signs in again with the new password (spec §2 screen 16). */
  temporaryPassword: { replaced: 'passwordReplaced' },
  /** The hand-off is issued once; the portal's session ends with it (`endFlow`). */
  handoff: { issued: 'handedOff' },
  /** updateuser from a signed-in session. */
  passwordChange: { changed: 'renewed' },
} as const satisfies Record<string, Partial<Record<OutcomeKind, Move>>>

type Step = keyof typeof outcomeMoves
/** The steps that prove a second factor: every row not named here. */
type FactorStep = Exclude<Step, 'decision' | 'temporaryPassword' | 'handoff' | 'passwordChange'>
type FactorKind = 'continue' | 'enrol' | 'challenge' | 'passed' | 'locked'

/** What a service's step came to, as the flow reads it. */
export type SignInOutcome =
  | {
      step: 'decision' | FactorStep
      kind: FactorKind
      /** Written by the same statement as the move (docs/decisions/0014). */
      audit?: AuditEntry | undefined
    }
  | { step: 'temporaryPassword'; kind: 'replaced' | 'kept' }
  | { step: 'passwordChange'; kind: 'changed'; newPassword: string }

/** What an event keeps beside the state it leads to. */
const keptBy: Partial<Record<SignInEvent, Record<string, unknown>>> = {
  // This sign-in proved a factor itself (not a known device or an exempt program): it opens
  // the calls that change what protects the account (flow-guard.ts `hasPassedFactor`).
  codePassed: { isCodePassed: true },
}

/**
 * Moves the request's session on by the move `outcome` makes (`outcomeMoves`); nothing when
 * its row has none. Refused (409) when flow.ts's table does not allow the move. Answers where
 * the flow stands after it (undefined: nothing moved).
 */
export async function applyOutcome(
  request: FastifyRequest,
  outcome: SignInOutcome,
): Promise<SignInState | 'ended' | undefined> {
  const row: Partial<Record<OutcomeKind, Move>> = outcomeMoves[outcome.step]
  const move = row[outcome.kind]
  if (move === undefined) return undefined
  if (move === 'renewed') {
    if (!('newPassword' in outcome)) throw new Error(`${outcome.step} carries no new password`)
    return renewWithPassword(request, outcome.newPassword)
  }
  const audit = 'audit' in outcome ? outcome.audit : undefined
  // Which factor passed, for what a site is told of the sign-in (issue 44: `amr`).
  const kept = move === 'codePassed' ? { ...keptBy[move], passedBy: outcome.step } : keptBy[move]
  return advance(request, move, kept ?? {}, audit)
}

/**
 * Moves the request's session on by `event`, keeping `data` beside it. An 'ended' flow
 * deletes the session. With `audit`, the step's audit row is written by the same statement
 * as the session (one round trip).
 */
async function advance(
  request: FastifyRequest,
  event: SignInEvent,
  data: Record<string, unknown>,
  audit: AuditEntry | undefined,
): Promise<SignInState | 'ended'> {
  const session = await request.session.load()
  const from = session?.stage
  const to = isSignInState(from) ? nextState(from, event) : undefined
  if (!session || !to) throw new HttpError(409, 'service.stepOutOfOrder')
  // A lock or a replaced password has ended the member's sessions itself before its move:
  // nothing more to end there. (The hand-off ends the flow by `endFlow`.)
  if (to === 'ended') {
    await request.session.end({ audit })
    return to
  }
  // The second factor raises what the session may do: a fresh id, so one seen before the
  // code (on a shared screen, in a log) is worth nothing after it. Moved and rotated in one
  // write. When another request rotated or ended the session since this one read it (the
  // right code sent twice at once), this write finds nothing: no new id is handed out, and
  // the session stays as that request left it.
  await request.session.moveTo(
    to,
    { ...session.data, ...data },
    { isRotated: to === 'authenticated', audit },
  )
  return to
}

/** The step that ends the flow with the session, and its audit entry. */
export interface EndingOutcome {
  step: 'handoff'
  kind: 'issued'
  /** Its user, username and detail ({ program }) are the ended session's. */
  audit: AuditEntry
}

/**
 * The hand-off's move: the guard's checks and the session's end in one statement
 * (flow-guard.ts `endingMember`), from the states flow.ts's table allows the move from.
 * SECURITY: the hand-off is issued once. Of two requests sent at the same moment (a script
 * sending it twice at once), only the one whose statement ended the session goes on; the
 * other is refused (401 or 409), its audit row unwritten and its address never answered.
 * `held`: programs whose sessions stay for now (endingMember).
 */
export function endFlow(
  request: FastifyRequest,
  outcome: EndingOutcome,
  held: ReadonlyMap<string, Error>,
): Promise<EndedMember> {
  const event = outcomeMoves[outcome.step][outcome.kind]
  return endingMember(request, statesAllowing(event), { audit: outcome.audit, held })
}

/**
 * After a password change from a signed-in session: the session starts again under a new
 * id where it stood, and the hand-off now carries the new password (the main site checks it).
 */
async function renewWithPassword(
  request: FastifyRequest,
  newPassword: string,
): Promise<SignInState> {
  const session = await request.session.load()
  if (!session) throw new HttpError(409, 'service.stepOutOfOrder')
  const data = { ...session.data }
  if ('handoffSecret' in data) data.handoffSecret = request.session.seal(newPassword)
  await request.session.start({
    userId: session.userId,
    program: session.program,
    stage: session.stage,
    data,
  })
  return session.stage
}

/** The password step, as the login page gave it. */
export interface PasswordStep {
  /** The login page's level1Org: the program checked later must be one of its programs. */
  door: string
  password: string
  /** The pl login page fixes the program, so its verdict is bound at the password step. */
  isProgramFixed: boolean
}

/** What a right password found (the authentication service's SignedIn). */
interface SignedIn {
  user: { id: number; program: string }
  customer: CheckedCustomer | undefined
  isPasswordChangeRequired: boolean
}

/**
 * The password step's start of the flow: what the authentication service calls once the
 * password was right, with the statement that records the sign-in (`insert`). Starts the flow
 * where it stands: changing the password, the program still to be checked (usweb), or, where
 * the login page fixes the program (pl), its verdict bound. False when no sign-in started.
 */
export function startFromPassword(request: FastifyRequest, step: PasswordStep) {
  return async (signedIn: SignedIn, insert?: Insert): Promise<boolean> => {
    const { user, customer, isPasswordChangeRequired } = signedIn
    const programCheck = step.isProgramFixed ? checkAtPassword(user.program, customer) : undefined
    const stage = initialState({ isPasswordChangeRequired, verdict: programCheck?.verdict })
    const session = {
      userId: user.id,
      program: user.program,
      stage,
      data: {
        level1Org: step.door,
        ...(programCheck ? { programCheck } : {}),
        // Kept sealed only until the hand-off, which the usweb main site needs it for.
        ...(stage === 'password_change_required' || stage === 'blocked'
          ? {}
          : { handoffSecret: request.session.seal(step.password) }),
      },
    }
    return request.session.start(session, insert ? { insert } : {})
  }
}

/**
 * The program verdict of the usweb customer lookup (spec §4 steps 3-4), decided once for the
 * login page's `program` and bound to the flow (programAllowed or programRefused); the second
 * factor and the hand-off read it from there. Later lookups answer for that program only.
 * `isRecordShown`: before the second factor the answer carries the verdict, not the record
 * (docs/decisions/0006).
 */
export async function bindProgramCheck(
  request: FastifyRequest,
  session: Session,
  program: ProgramCode,
  customer: CheckedCustomer,
): Promise<{ check: ProgramCheck; isRecordShown: boolean }> {
  const bound = programCheckOf(session)
  if (bound && bound.program !== program) {
    throw new HttpError(403, 'service.checkedForAnotherProgram')
  }
  let check = bound
  if (!check) {
    const door = typeof session.data.level1Org === 'string' ? session.data.level1Org : ''
    check = checkAtLookup(program, door, customer)
    const event = check.verdict === 'allowed' ? 'programAllowed' : 'programRefused'
    await advance(request, event, { programCheck: check }, undefined)
  }
  return { check, isRecordShown: session.stage === 'authenticated' }
}
