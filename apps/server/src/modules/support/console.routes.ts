// The support console's calls (issue 15), all under /api/console. Staff sessions live in a
// cookie of their own, scoped to this path: a member's session cookie means nothing here,
// and the browser never sends the console's cookie to a member's call. Roles are checked
// here, by the service, whatever the console shows.
import type { FastifyInstance, FastifyReply } from 'fastify'
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
  type ConsoleAction,
  type ConsoleSearchResult,
  type OidcSiteListItem,
  type StaffListItem,
} from '@portal/contract/console'
import { withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { PasskeysService } from '../passkeys/passkeys.service.ts'
import { consoleCookie, consoleGuard } from './console-guard.routes.ts'
import { staffActor, type StaffService } from './staff.service.ts'
import type { SupportFailure, SupportService } from './support.service.ts'
import { type MessageKey } from '@portal/contract'

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

const failureStatus: Record<SupportFailure, [number, MessageKey]> = {
  USER_NOT_FOUND: [404, 'console.memberNotFound'],
  INCIDENT_NOT_FOUND: [404, 'console.incidentNotFound'],
  NOT_LOCKED: [409, 'console.notLocked'],
  NO_EMAIL: [409, 'console.noEmail'],
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
    if (!id) throw new HttpError(401, 'console.signInRefused')
    setSession(reply, id)
    return { stage: 'code', message: consoleTexts.codeSent }
  })

  const verifySchema = { body: ConsoleCodeSchema, response: { 200: ConsoleVerifyAnswerSchema } }
  api.post('/verify', { schema: verifySchema }, async (request, reply) => {
    const { code } = request.body
    const pending = request.cookies[consoleCookie] ?? ''
    await app.limits.byClient(request)
    const id = pending ? await staff.verifyCode(pending, code, request.ip) : undefined
    if (!id) throw new HttpError(401, 'console.codeRefused')
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

  const { requireSession, signedIn, allowed } = consoleGuard(staff)

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

    // One search (issue 42): the service decides what the text is. A POST with the text in its
    // body (G1): a username, an email, a phone number or a name in a URL would be written to
    // the request log, to proxies' logs and to the browser's history.
    const search = {
      schema: { body: ConsoleSearchSchema, response: { 200: ConsoleSearchResultSchema } },
    }
    authed.post('/search', search, async (request): Promise<ConsoleSearchResult> => {
      const session = await allowed(request, 'lookUp')
      const { q } = request.body
      const found = await support.search(q, staffActor(session.staff))
      if (!found.incident && found.members.length === 0) {
        throw new HttpError(404, 'console.searchNothing')
      }
      return {
        kind: found.kind,
        incident: found.incident,
        // What the console lists: no unmasked contacts (the member's page shows them masked).
        members: found.members.map((m) => ({
          username: m.username,
          custnum: m.custnum,
          program: m.program,
          name: m.name,
          isLocked: m.isLocked,
          isDisabled: m.isDisabled,
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
        if (!incident) throw new HttpError(404, 'console.incidentNotFound')
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
        if (!member) throw new HttpError(404, 'console.memberNotFound')
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
      if (!user) throw new HttpError(404, 'console.memberNotFound')
      const actor = staffActor(session.staff)
      const removed = await passkeys.remove(user, id, { actor, reason })
      if (!removed) throw new HttpError(404, 'console.passkeyNotFound')
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
        if (!created.ok) throw new HttpError(409, 'console.staffExists')
        // Shown once, to the admin who hands it over; stored only as a hash.
        return { email: email.toLowerCase(), role, temporaryPassword: created.temporaryPassword }
      },
    )
  })
}
