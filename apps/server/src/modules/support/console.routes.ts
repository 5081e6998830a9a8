// The support console's calls (issue 15), all under /api/console. Staff sessions live in a
// cookie of their own, scoped to this path: a member's session cookie means nothing here,
// and the browser never sends the console's cookie to a member's call. Roles are checked
// here, by the service, whatever the console shows.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  ConsoleActionAnswerSchema,
  ConsoleCodeSchema,
  ConsoleMessageSchema,
  ConsoleNewStaffSchema,
  ConsoleReasonSchema,
  ConsoleSearchResultSchema,
  ConsoleSearchSchema,
  ConsoleSignInAnswerSchema,
  ConsoleSignInSchema,
  ConsoleStaffSchema,
  ConsoleVerifyAnswerSchema,
  IncidentSummarySchema,
  IncidentViewSchema,
  MemberViewSchema,
  NewStaffAnswerSchema,
  OidcSiteListSchema,
  StaffListSchema,
  consoleApiBase,
  consoleTexts,
  isAllowed,
  type ConsoleAction,
  type ConsoleSearchResult,
  type IncidentSummary,
  type OidcSiteListItem,
  type StaffListItem,
} from '@portal/contract/console'
import { withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { PasskeysService } from '../passkeys/passkeys.service.ts'
import { consoleCookie, ownPasswordRoutes } from './console-session.ts'
import { staffActor, type ConsoleSession, type StaffService } from './staff.service.ts'
import type { SupportFailure, SupportService } from './support.service.ts'

export { consoleCookie }

interface Options {
  support: SupportService
  staff: StaffService
  passkeys: PasskeysService
  isCookieSecure: boolean
  /** The desk's IANA time zone (SUPPORT_TIME_ZONE), handed to the console with who is in. */
  timeZone: string
  /** Issue 44: the program sites registered for OpenID Connect. */
  oidcSites(): Promise<
    { clientId: string; program: string; metadata: Record<string, unknown>; createdAt: Date }[]
  >
}

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession?: ConsoleSession
  }
}

const failureStatus: Record<SupportFailure, [number, string]> = {
  USER_NOT_FOUND: [404, consoleTexts.memberNotFound],
  INCIDENT_NOT_FOUND: [404, consoleTexts.incidentNotFound],
  NOT_LOCKED: [409, consoleTexts.notLocked],
  NO_EMAIL: [409, consoleTexts.noEmail],
}

const UsernameParams = z.object({ username: z.string().min(1).max(50) })
const PasskeyParams = UsernameParams.extend({ id: z.coerce.number().int().positive() })
const TicketParams = z.object({ ticket: z.string().min(1).max(40) })
const IncidentQuery = z.object({ status: z.enum(['open', 'resolved']).optional() })

export async function consoleRoutes(
  app: FastifyInstance,
  { support, staff, passkeys, isCookieSecure, timeZone, oidcSites }: Options,
) {
  const cookieOptions = {
    path: consoleApiBase,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: isCookieSecure,
  }
  const setSession = (reply: FastifyReply, id: string) =>
    reply.setCookie(consoleCookie, id, cookieOptions)
  const clearSession = (reply: FastifyReply) =>
    reply.clearCookie(consoleCookie, { path: consoleApiBase })

  const signInLimit = app.limits.byTarget('console-sign-in')

  // Declared bodies, parameters and queries: validated at the edge, control characters
  // refused (plugins/api-schemas.ts). Not in the OpenAPI document: the console is not spec §7.
  const api = withSchemas(app)
  const signInSchema = { body: ConsoleSignInSchema, response: { 200: ConsoleSignInAnswerSchema } }
  api.post('/sign-in', { schema: signInSchema }, async (request, reply) => {
    const { email, password } = request.body
    await app.limits.byClient(request)
    await signInLimit(request, email)
    const id = await staff.signIn(email, password, request.ip)
    if (!id) throw new HttpError(401, consoleTexts.signInRefused)
    setSession(reply, id)
    return { stage: 'code', message: consoleTexts.codeSent }
  })

  const verifySchema = { body: ConsoleCodeSchema, response: { 200: ConsoleVerifyAnswerSchema } }
  api.post('/verify', { schema: verifySchema }, async (request, reply) => {
    const { code } = request.body
    const pending = request.cookies[consoleCookie] ?? ''
    await app.limits.byClient(request)
    const id = pending ? await staff.verifyCode(pending, code, request.ip) : undefined
    if (!id) throw new HttpError(401, consoleTexts.codeRefused)
    setSession(reply, id)
    const session = await staff.session(id)
    return {
      email: session?.staff.email,
      role: session?.staff.role,
      timeZone,
      // Created or reset by someone else: the console asks for their own password first.
      ...(session?.staff.mustChangePassword === true ? { mustChangePassword: true } : {}),
    }
  })

  /** Every other call needs a signed-in console session. */
  async function requireSession(request: FastifyRequest, reply: FastifyReply) {
    const session = await staff.session(request.cookies[consoleCookie] ?? '')
    if (!session || session.stage !== 'signed_in') {
      // A dead id goes; a sign-in waiting for its code stays.
      if (!session && request.cookies[consoleCookie]) clearSession(reply)
      throw new HttpError(401, consoleTexts.sessionEnded)
    }
    request.consoleSession = session
    await requireOwnPassword(request, session)
  }

  /**
   * A staff account created or reset by someone else (A1) may only ask who it is, sign out
   * and choose its own password (POST /password, member-admin.routes.ts) until it has one:
   * every other call answers 403, audited. The flag is on the staff row the session loaded.
   */
  async function requireOwnPassword(request: FastifyRequest, session: ConsoleSession) {
    if (!session.staff.mustChangePassword) return
    const route = request.routeOptions.url ?? request.url
    if (ownPasswordRoutes.has(route)) return
    await staff.refused(session, 'password_change_required', `${request.method} ${route}`)
    throw new HttpError(403, consoleTexts.passwordChangeRequired)
  }

  const signedIn = (request: FastifyRequest): ConsoleSession => {
    if (!request.consoleSession) throw new HttpError(401, consoleTexts.sessionEnded)
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
      throw new HttpError(403, consoleTexts.notAllowed)
    }
    return session
  }

  const answer = <T extends object>(
    result: ({ ok: true } & T) | { ok: false; reason: SupportFailure },
  ): T => {
    if (!result.ok) {
      const [status, message] = failureStatus[result.reason]
      throw new HttpError(status, message)
    }
    return Object.fromEntries(Object.entries(result).filter(([key]) => key !== 'ok')) as T
  }

  await app.register(async (scope) => {
    // Before validation: a call without a console session is refused (401) whatever it sent.
    scope.addHook('preValidation', requireSession)
    const authed = withSchemas(scope)

    authed.get('/me', { schema: { response: { 200: ConsoleStaffSchema } } }, async (request) => {
      const { staff: member } = signedIn(request)
      return {
        email: member.email,
        role: member.role,
        timeZone,
        ...(member.mustChangePassword ? { mustChangePassword: true } : {}),
      }
    })

    const signOutSchema = { response: { 200: ConsoleMessageSchema } }
    authed.post('/sign-out', { schema: signOutSchema }, async (request, reply) => {
      await staff.signOut(signedIn(request))
      clearSession(reply)
      return { message: consoleTexts.signedOut }
    })

    const search = {
      schema: { querystring: ConsoleSearchSchema, response: { 200: ConsoleSearchResultSchema } },
    }
    authed.get('/search', search, async (request): Promise<ConsoleSearchResult> => {
      await allowed(request, 'lookUp')
      const { q } = request.query
      // Issue 27: a ticket as read aloud ("INC 2026 1124 786765", "inc-2026…") is the ticket.
      const ticket = q.replace(/[\s-]+/g, '').toUpperCase()
      const found = /^INC\d+$/.test(ticket) ? await support.incident(ticket) : undefined
      const members = await support.searchMembers(q)
      if (!found && members.length === 0) throw new HttpError(404, consoleTexts.notFound)
      const incident: IncidentSummary | null = found
        ? (Object.fromEntries(
            Object.entries(found).filter(([key]) => key !== 'events'),
          ) as unknown as IncidentSummary)
        : null
      return {
        incident,
        members: members.map((m) => ({
          username: m.username,
          custnum: m.custnum,
          program: m.program,
          isLocked: m.isLocked,
        })),
      }
    })

    authed.get(
      '/incidents',
      { schema: { querystring: IncidentQuery, response: { 200: z.array(IncidentSummarySchema) } } },
      async (request) => {
        await allowed(request, 'lookUp')
        const { status } = request.query
        return support.incidents({ status })
      },
    )

    authed.get(
      '/incidents/:ticket',
      { schema: { params: TicketParams, response: { 200: IncidentViewSchema } } },
      async (request) => {
        const session = await allowed(request, 'lookUp')
        const { ticket } = request.params
        const incident = await support.incident(ticket, staffActor(session.staff))
        if (!incident) throw new HttpError(404, consoleTexts.incidentNotFound)
        return incident
      },
    )

    const resolve = {
      schema: {
        params: TicketParams,
        body: ConsoleReasonSchema,
        response: { 200: ConsoleActionAnswerSchema },
      },
    }
    authed.post('/incidents/:ticket/resolve', resolve, async (request) => {
      const session = await allowed(request, 'unlock')
      const { ticket } = request.params
      const { reason } = request.body
      return answer(await support.resolveIncident(ticket, staffActor(session.staff), reason))
    })

    authed.get(
      '/members/:username',
      { schema: { params: UsernameParams, response: { 200: MemberViewSchema } } },
      async (request) => {
        const session = await allowed(request, 'lookUp')
        const { username } = request.params
        const member = await support.member({ username }, staffActor(session.staff))
        if (!member) throw new HttpError(404, consoleTexts.memberNotFound)
        return member
      },
    )

    const memberAction = (
      path: string,
      action: ConsoleAction,
      run: (username: string, actor: string, reason: string) => Promise<Record<string, unknown>>,
    ) => {
      const schema = {
        params: UsernameParams,
        body: ConsoleReasonSchema,
        response: { 200: ConsoleActionAnswerSchema },
      }
      authed.post(`/members/:username/${path}`, { schema }, async (request) => {
        const session = await allowed(request, action)
        const { username } = request.params
        const { reason } = request.body
        return run(username, staffActor(session.staff), reason)
      })
    }
    memberAction('unlock', 'unlock', async (...args) => answer(await support.unlock(...args)))
    memberAction('resend-username', 'resendUsername', async (...args) =>
      answer(await support.resendUsername(...args)),
    )
    memberAction('revoke-sessions', 'revokeSessions', async (...args) =>
      answer(await support.revokeSessions(...args)),
    )
    memberAction('reset-mfa', 'resetMfa', async (...args) =>
      answer(await support.resetMfa(...args)),
    )

    // Issue 23: a member's passkey removed by support (the reason audited, the owner told).
    const removePasskey = {
      schema: {
        params: PasskeyParams,
        body: ConsoleReasonSchema,
        response: { 200: ConsoleActionAnswerSchema },
      },
    }
    authed.post('/members/:username/passkeys/:id/remove', removePasskey, async (request) => {
      const session = await allowed(request, 'resetMfa')
      const { username, id } = request.params
      const { reason } = request.body
      const user = await support.findMember({ username })
      if (!user) throw new HttpError(404, consoleTexts.memberNotFound)
      const actor = staffActor(session.staff)
      const removed = await passkeys.remove(user, id, { actor, reason })
      if (!removed) throw new HttpError(404, consoleTexts.passkeyNotFound)
      return { removed: removed.name }
    })

    const staffSchema = { response: { 200: StaffListSchema } }
    authed.get('/staff', { schema: staffSchema }, async (request): Promise<StaffListItem[]> => {
      await allowed(request, 'manageStaff')
      return (await staff.list()).map((s) => ({
        email: s.email,
        role: s.role,
        isActive: s.isActive,
        createdAt: s.createdAt.toISOString(),
        createdBy: s.createdBy,
      }))
    })

    const sitesSchema = { response: { 200: OidcSiteListSchema } }
    authed.get('/oidc-sites', { schema: sitesSchema }, async (request) => {
      await allowed(request, 'viewSites')
      return (await oidcSites()).map((site): OidcSiteListItem => ({
        clientId: site.clientId,
        program: site.program,
        redirectUris: (site.metadata.redirect_uris as string[] | undefined) ?? [],
        createdAt: site.createdAt.toISOString(),
      }))
    })

    authed.post(
      '/staff',
      { schema: { body: ConsoleNewStaffSchema, response: { 200: NewStaffAnswerSchema } } },
      async (request) => {
        const session = await allowed(request, 'manageStaff')
        const { email, role } = request.body
        const created = await staff.create(email, role, staffActor(session.staff))
        if (!created.ok) throw new HttpError(409, consoleTexts.staffExists)
        // Shown once, to the admin who hands it over; stored only as a hash.
        return { email: email.toLowerCase(), role, temporaryPassword: created.temporaryPassword }
      },
    )
  })
}
