// The console's calls for the support desk's daily tasks of issue 31, under /api/console
// beside console.routes.ts and with its session cookie: disable and enable a member (admins);
// export the audit trail (admins); and a staff member's own password change. (The one member
// search is console.routes.ts's.) Bodies, parameters, queries and JSON answers are declared
// schemas (the zod type provider, as console.routes.ts); untagged, so not in the OpenAPI
// document (the console is not spec §7).
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  ConsoleMessageSchema,
  consoleApiBase,
  consoleTexts,
  minStaffPasswordLength,
} from '@portal/contract/console'
import { withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import { consoleCookie, consoleGuard } from './console-guard.routes.ts'
import { auditCsvHeader, auditLine, type MemberAdminService } from './member-admin.service.ts'
import { staffActor, type StaffService } from './staff.service.ts'

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

  // The console's one guard: the session before the input (preValidation), then the role.
  const { requireSession, signedIn, allowed } = consoleGuard(staff)
  app.addHook('preValidation', requireSession)

  for (const [path, isDisable] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    api.post(
      `/members/:username/${path}`,
      { schema: { params: UsernameParams, body: ReasonBody, response: { 200: DisableAnswer } } },
      async (request) => {
        const session = await allowed(request, 'disable')
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
    const session = await allowed(request, 'exportAudit')
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
    const session = signedIn(request)
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
