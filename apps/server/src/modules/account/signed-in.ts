// Who may call the member's own calls of decision 0008: only a session that has passed the
// password and the second factor (stage `authenticated`), and only about its own user.
import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../plugins/errors.ts'
import type { SessionStage } from '../../plugins/session.ts'
import type { usersRepo } from '../../store/users.repo.ts'

export const pleaseLogIn = 'Please log in to continue.'

/** The session's user when the session has reached one of `stages`; 401 otherwise. */
export async function signedInMember(
  request: FastifyRequest,
  users: ReturnType<typeof usersRepo>,
  stages: SessionStage[] = ['authenticated'],
) {
  const session = await request.session.load()
  const user = session && stages.includes(session.stage) && (await users.findById(session.userId))
  if (!session || !user) throw new HttpError(401, pleaseLogIn)
  return { session, user }
}
