// Who may call the member's own calls of decision 0008: by default only a sign-in that has
// passed the password and the second factor, and only about its own user.
import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../plugins/errors.ts'
import type { usersRepo } from '../../store/users.repo.ts'
import { requireState, type SignInState } from '../signin/flow.ts'

export const pleaseLogIn = 'Please log in to continue.'

/** The session's user when the sign-in has reached one of `states`; 401/403 otherwise. */
export async function signedInMember(
  request: FastifyRequest,
  users: ReturnType<typeof usersRepo>,
  states: readonly SignInState[] = ['authenticated'],
) {
  const session = await requireState(request, states)
  const user = await users.findById(session.userId)
  if (!user || user.isLocked) throw new HttpError(401, pleaseLogIn)
  return { session, user }
}
