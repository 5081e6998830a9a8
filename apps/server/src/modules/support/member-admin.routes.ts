// The console's calls for the support desk's daily tasks of issue 31, under /api/console
// beside console.routes.ts and with its session cookie: search members by email, phone or
// name; disable and enable a member (admins); export the audit trail (admins); and a staff
// member's own password change. Bodies, parameters, queries and JSON answers are declared
// schemas (the zod type provider, as console.routes.ts); untagged, so not in the OpenAPI
// document (the console is not spec §7).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  ConsoleMessageSchema,
  MemberSearchAnswerSchema,
  consoleApiBase,
  consoleTexts,
  isAllowed,
  minStaffPasswordLength,
  type ConsoleAction,
  type MemberMatchItem,
} from '@portal/contract/console'
import { withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import { consoleCookie, ownPasswordRoutes } from './console-session.ts'
import { auditCsvHeader, auditLine, type MemberAdminService } from './member-admin.service.ts'
import { staffActor, type ConsoleSession, type StaffService } from './staff.service.ts'

/** Who may do what here: the contract's console roles (the service decides; the console hides). */
const roles = {
  search: 'lookUp',
  disable: 'disable',
  exportAudit: 'exportAudit',
} as const satisfies Record<string, ConsoleAction>

const SearchBody = z.object({ q: z.string().trim().min(2).max(100) })
const UsernameParams = z.object({ username: z.string().min(1).max(50) })
const ReasonBody = z.object({
  reason: z.string().trim().min(5, consoleTexts.reasonRequired).max(500),
})
const AuditQuery = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  user: z.string().min(1).max(50).optional(),
  format: z.enum(['csv', 'json']).default('csv'),
})
const DisableAnswer = z.object({ message: z.string(), endedSessions: z.number().optional() })
const PasswordBody = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: z
    .string()
    .min(minStaffPasswordLength, `Use at least ${minStaffPasswordLength} characters.`)
    .max(200),
})

export async function memberAdminRoutes(
  app: FastifyInstance,
  {
    memberAdmin,
    staff,
    countPasswordRefusal,
  }: {
    memberAdmin: MemberAdminService
    staff: StaffService
    /** Adds a wrong current password of this staff member; answers the count in the window. */
    countPasswordRefusal: (staffId: number) => Promise<number>
  },
) {
  const api = withSchemas(app)
  // A2: guesses of one's own current password, per staff member and from any session.
  const perStaffPassword = app.limits.byTarget('console-password')

  // The session is checked before the input (preValidation): no session, 401, whatever was sent.
  const sessions = new WeakMap<FastifyRequest, ConsoleSession>()
  app.addHook('preValidation', async (request) => {
    const session = await staff.session(request.cookies[consoleCookie] ?? '')
    if (!session || session.stage !== 'signed_in') {
      throw new HttpError(401, 'console.sessionEnded')
    }
    // Created or reset by someone else (A1): only their own password change until then.
    const route = request.routeOptions.url ?? request.url
    if (session.staff.mustChangePassword && !ownPasswordRoutes.has(route)) {
      await staff.refused(session, 'password_change_required', `${request.method} ${route}`)
      throw new HttpError(403, 'console.passwordChangeRequired')
    }
    sessions.set(request, session)
  })
  const signedIn = async (request: FastifyRequest, action?: keyof typeof roles) => {
    const session = sessions.get(request)
    if (!session) throw new HttpError(401, 'console.sessionEnded')
    if (action && !isAllowed(session.staff.role, roles[action])) {
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`
      await staff.refused(session, 'role', route, roles[action])
      throw new HttpError(403, 'console.notAllowed')
    }
    return session
  }

  // A POST with the term in its body (G1): an email, a phone number or a name in a URL would
  // be written to the request log, to proxies' logs and to the browser's history.
  const searchSchema = { body: SearchBody, response: { 200: MemberSearchAnswerSchema } }
  api.post('/member-search', { schema: searchSchema }, async (request) => {
    const session = await signedIn(request, 'search')
    const { q } = request.body
    const found = await memberAdmin.search(q, staffActor(session.staff))
    // What the console lists: no unmasked contacts (the member's page shows them masked).
    const members: MemberMatchItem[] = found.map((m) => ({
      username: m.username,
      custnum: m.custnum,
      program: m.program,
      name: m.name,
      isLocked: m.isLocked,
      isDisabled: m.isDisabled,
    }))
    return { members }
  })

  for (const [path, isDisable] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    api.post(
      `/members/:username/${path}`,
      { schema: { params: UsernameParams, body: ReasonBody, response: { 200: DisableAnswer } } },
      async (request) => {
        const session = await signedIn(request, 'disable')
        const { username } = request.params
        const { reason } = request.body
        const actor = staffActor(session.staff)
        const result = isDisable
          ? await memberAdmin.disable(username, actor, reason)
          : await memberAdmin.enable(username, actor, reason)
        if (!result.ok) {
          if (result.reason === 'USER_NOT_FOUND') throw new HttpError(404, 'console.memberNotFound')
          throw new HttpError(409, isDisable ? 'console.alreadyDisabled' : 'console.alreadyEnabled')
        }
        return {
          message: isDisable
            ? `${username} is disabled; ${result.endedSessions} session(s) ended.`
            : `${username} is enabled.`,
          ...(isDisable ? { endedSessions: result.endedSessions } : {}),
        }
      },
    )
  }

  // Answers a file (CSV or JSON lines), not JSON: no response schema.
  api.get('/audit-export', { schema: { querystring: AuditQuery } }, async (request, reply) => {
    const session = await signedIn(request, 'exportAudit')
    const { query } = request
    const from = new Date(`${query.from}T00:00:00Z`)
    // The whole last day.
    const to = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)
    if (from >= to) throw new HttpError(400, 'console.startAfterEnd')
    const lines: string[] = query.format === 'csv' ? [auditCsvHeader] : []
    const rows = memberAdmin.exportAudit(
      { from, to, ...(query.user ? { username: query.user } : {}) },
      staffActor(session.staff),
      'audit export from the console',
    )
    for await (const row of rows) lines.push(auditLine(row, query.format))
    const file = `audit-${query.from}-${query.to}${query.user ? `-${query.user}` : ''}`
    return reply
      .type(query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson')
      .header(
        'content-disposition',
        `attachment; filename="${file.replace(/[^\w.-]/g, '_')}.${query.format === 'csv' ? 'csv' : 'jsonl'}"`,
      )
      .send(`${lines.join('\n')}\n`)
  })

  const passwordSchema = { body: PasswordBody, response: { 200: ConsoleMessageSchema } }
  api.post('/password', { schema: passwordSchema }, async (request, reply) => {
    const session = await signedIn(request)
    const { currentPassword, newPassword } = request.body
    // Before the hash is checked: right or wrong, the guesses past the limit are 429.
    await perStaffPassword(request, String(session.staff.id))
    const result = await memberAdmin.changeStaffPassword(
      session.staff.email,
      currentPassword,
      newPassword,
      staffActor(session.staff),
      'own password change',
    )
    if (!result.ok && result.reason === 'REFUSED') {
      const refusals = await countPasswordRefusal(session.staff.id)
      if (await staff.currentPasswordRefused(session, refusals)) {
        void reply.clearCookie(consoleCookie, { path: consoleApiBase })
        throw new HttpError(401, 'console.sessionEnded')
      }
    }
    if (!result.ok) throw new HttpError(403, 'console.currentPasswordRefused')
    return { message: consoleTexts.passwordChanged }
  })
}
