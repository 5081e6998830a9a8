// What the console's two route files (console.routes.ts, member-admin.routes.ts) share about a
// staff session: its cookie, the calls left to a staff member who must choose a password, and
// the one guard: a signed-in session before anything is read, and the role an action needs.
// A helper of routes, so a route file (it answers 401 and 403).
import type { FastifyReply, FastifyRequest } from 'fastify'
import { consoleApiBase, isAllowed, type ConsoleAction } from '@portal/contract/console'
import { HttpError } from '../../plugins/errors.ts'
import type { ConsoleSession, StaffService } from './staff.service.ts'

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession?: ConsoleSession
  }
}

export const consoleCookie = 'console_sid'

/** What a staff member who must choose their own password may still call (A1). */
export const ownPasswordRoutes = new Set([
  `${consoleApiBase}/me`,
  `${consoleApiBase}/sign-out`,
  `${consoleApiBase}/password`,
])

/** The console's guard over a staff service: one for both route files. */
export function consoleGuard(staff: Pick<StaffService, 'session' | 'refused'>) {
  /**
   * Every call but signing in needs a signed-in console session: a preValidation hook, so a
   * call without one is refused (401) whatever it sent. A staff account created or reset by
   * someone else (A1) may only ask who it is, sign out and choose its own password until it
   * has one: every other call answers 403, audited.
   */
  async function requireSession(request: FastifyRequest, reply: FastifyReply) {
    const session = await staff.session(request.cookies[consoleCookie] ?? '')
    if (!session || session.stage !== 'signed_in') {
      // A dead id goes; a sign-in waiting for its code stays.
      if (!session && request.cookies[consoleCookie]) {
        void reply.clearCookie(consoleCookie, { path: consoleApiBase })
      }
      throw new HttpError(401, 'console.sessionEnded')
    }
    request.consoleSession = session
    const route = request.routeOptions.url ?? request.url
    if (session.staff.mustChangePassword && !ownPasswordRoutes.has(route)) {
      await staff.refused(session, 'password_change_required', `${request.method} ${route}`)
      throw new HttpError(403, 'console.passwordChangeRequired')
    }
  }

  const signedIn = (request: FastifyRequest): ConsoleSession => {
    if (!request.consoleSession) throw new HttpError(401, 'console.sessionEnded')
    return request.consoleSession
  }

  /** The signed-in staff member, if their role allows the action; a refusal is audited (A1). */
  const allowed = async (
    request: FastifyRequest,
    action: ConsoleAction,
  ): Promise<ConsoleSession> => {
    const session = signedIn(request)
    if (!isAllowed(session.staff.role, action)) {
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`
      await staff.refused(session, 'role', route, action)
      throw new HttpError(403, 'console.notAllowed')
    }
    return session
  }

  return { requireSession, signedIn, allowed }
}
