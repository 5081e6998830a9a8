// The sign-in flow (flow.ts) applied to the request's session: where a session stands, and
// the one guard of the member's calls. The moves that change it are sign-in.ts's; no route
// reads or writes a state itself.
//
// SECURITY: every call that needs a sign-in names the states it is open in. A session that
// is anywhere else is refused (401, or 403 once the program verdict said no), so a client
// cannot skip a step (the second factor), go back to one (re-binding contacts after the
// password only) or carry on after the mismatch banner.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '../../plugins/errors.ts'
import type { Session } from '../../plugins/session.ts'
import type { DeviceLookup } from '../../store/mfa.repo.ts'
import type { LoadedMember } from '../../store/sessions.repo.ts'
import type { SessionUser, UserWithCustomer } from '../../store/users.repo.ts'
import type { AuditEntry } from '../../store/audit.repo.ts'
import { beforeProgramCheck, isSignInState, type ProgramCheck, type SignInState } from './flow.ts'
import { type MessageKey } from '@portal/contract'

const pleaseLogIn = 'service.pleaseLogIn'
const refusedProgram = 'service.refusedProgram'

/**
 * The signed-in member of a call: the session, the user and their customer record (and the
 * second factor's facts, when the route asked for them with the session: MemberOptions).
 */
export interface Member extends LoadedMember {
  session: Session
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The user and customer record of a session (registered by signInGuard). */
    loadMember(userId: number): Promise<UserWithCustomer<SessionUser> | undefined>
  }
  interface FastifyRequest {
    /** Set by `requireMember` on the routes that declare it; null elsewhere. */
    member: Member
  }
}

/** Gives `requireMember` its one way to load the session's user. */
export const signInGuard = fp(
  async (
    app: FastifyInstance,
    options: { loadMember: (userId: number) => Promise<UserWithCustomer<SessionUser> | undefined> },
  ) => {
    app.decorate('loadMember', options.loadMember)
    app.decorateRequest('member', null as unknown as Member)
  },
  { name: 'sign-in-guard' },
)

export function programCheckOf(session: Session): ProgramCheck | undefined {
  const check = session.data.programCheck as ProgramCheck | undefined
  return check && typeof check.verdict === 'string' ? check : undefined
}

/**
 * The session, if it is in one of `states`; otherwise a 401 (a 403 for a blocked one: the
 * program verdict said no, and nothing else is open to it). With `refusal`, every session
 * outside `states` gets that 401 instead.
 */
export async function requireState(
  request: FastifyRequest,
  states: readonly SignInState[],
  refusal?: MessageKey,
  device?: DeviceLookup,
): Promise<Session> {
  const session = await request.session.load({ device })
  if (refusal !== undefined && !(session && states.includes(session.stage))) {
    throw new HttpError(401, refusal)
  }
  if (!session || !isSignInState(session.stage)) throw new HttpError(401, pleaseLogIn)
  if (!states.includes(session.stage)) {
    if (session.stage === 'blocked') throw new HttpError(403, refusedProgram)
    throw new HttpError(401, pleaseLogIn)
  }
  // Past the program check, the bound verdict must say 'allowed' (it is what let it pass).
  const isPastProgramCheck = !beforeProgramCheck.includes(session.stage)
  if (isPastProgramCheck && programCheckOf(session)?.verdict !== 'allowed') {
    throw new HttpError(403, refusedProgram)
  }
  return session
}

interface MemberOptions {
  /** What a session outside the states is told (401), instead of the default answers. */
  refusal?: MessageKey
  /**
   * The browser's device, for a call that decides the second factor: the member's MFA
   * contact and that device's trust are read with the session (`member.secondFactor`).
   */
  device?: (request: FastifyRequest) => DeviceLookup
}

/**
 * The session's member when the sign-in has reached one of `states`: 401/403 as
 * `requireState`, and 401 when the user is gone, locked or disabled. Loaded once per request.
 */
export async function memberOf(
  request: FastifyRequest,
  states: readonly SignInState[],
  options: MemberOptions = {},
): Promise<Member> {
  const device = options.device?.(request)
  const session = await requireState(request, states, options.refusal, device)
  // Read with the session when it was loaded from its row (one statement); read here when
  // the session started in this request.
  const found = request.session.loadedMember() ?? (await request.server.loadMember(session.userId))
  // A lock or a disable since the sign-in ends what it may do (issue 40, S1).
  if (!found || found.user.isLocked || found.user.isDisabled) throw new HttpError(401, pleaseLogIn)
  return { session, ...found }
}

/** The guard of a member's call: puts `request.member` in place before the handler runs. */
export function requireMember(
  states: readonly SignInState[] = ['authenticated'],
  options: MemberOptions = {},
): preHandlerAsyncHookHandler {
  return async (request) => {
    request.member = await memberOf(request, states, options)
  }
}

/** The session a call ended, and its user as the ending statement read them. */
export interface EndedMember {
  session: Session
  user: SessionUser
}

/**
 * The guard of the call that ends the flow (the hand-off), made by the statement that ends
 * the session (issue 45: one statement where the guard's read and the end were two). Every
 * check of `memberOf` is a condition of that statement, as parameters: the state one of
 * `states` (the flow table's, sign-in.ts `endFlow`), the bound program verdict 'allowed',
 * the session not expired, its member neither locked nor disabled. The statement also reads
 * the member and writes `audit`'s row; both go only with a session it ended, so of two calls
 * at once one ends it and the other ends nothing (401 when it then reads no session, 409
 * when it still does).
 *
 * A session it did not end is not changed, and gets the answer `memberOf` gives every
 * member's call (read again: a refusal costs the two statements it always did): 401 without
 * a session, at another state or for a locked or disabled member (whose sessions the lock
 * ended anyway), 403 once the program verdict said no, 401 for an expired one (removed).
 * `held`: programs whose sessions must stay for now (an OpenID Connect site not ready), with
 * the error a session of theirs that passed every other check is refused with.
 */
export async function endingMember(
  request: FastifyRequest,
  states: readonly SignInState[],
  options: { audit: AuditEntry; held: ReadonlyMap<string, Error> },
): Promise<EndedMember> {
  if (states.some((state) => beforeProgramCheck.includes(state))) {
    throw new Error('The end of a flow is guarded past the program check only')
  }
  const where = { stages: states, verdict: 'allowed', heldPrograms: [...options.held.keys()] }
  const ended = await request.session.endWhere(where, options.audit)
  if (ended) return ended
  const { session } = await memberOf(request, states)
  // It passed the guard now, yet was not ended: held, or changed by another request between
  // the two statements (a second hand-off that lost the race reads no session: 401 above).
  const held = options.held.get(programCheckOf(session)?.program ?? '')
  if (held) throw held
  throw new HttpError(409, 'service.stepOutOfOrder')
}

/** Whether this sign-in proved a second factor itself (not a known device or an exempt program). */
export function hasPassedFactor(session: Session): boolean {
  return session.stage === 'authenticated' && session.data.isCodePassed === true
}
