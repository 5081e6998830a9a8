import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { HandoffRequestSchema, HandoffResponseSchema, operationOf } from '@portal/contract'
import { changeRefusals, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { OidcService } from '../oidc/oidc.service.ts'
import { programCheckOf } from '../signin/flow-guard.ts'
import { endFlow } from '../signin/sign-in.ts'
import type { handoffService } from './handoff.service.ts'

interface Deps {
  handoff: ReturnType<typeof handoffService>
  oidc: OidcService
}

/**
 * How the member proved who they are in this sign-in (RFC 8176): the password and a code, the
 * password and a passkey, or the password alone on a device they trusted earlier.
 */
function methodsOf(data: Record<string, unknown>): string[] {
  if (data.isCodePassed !== true) return ['pwd']
  return data.passedBy === 'passkey' ? ['pwd', 'hwk'] : ['pwd', 'otp']
}

export async function handoffRoutes(app: FastifyInstance, { handoff, oidc }: Deps) {
  // The hand-off is issued once, to a session that has completed sign-in; the portal
  // session ends with it, and the sealed password leaves the service only here (usweb).
  const schema = {
    ...operationOf('handoff'),
    body: z.nullish(HandoffRequestSchema),
    response: { 200: HandoffResponseSchema, ...changeRefusals, ...refusals(401) },
  }
  // SECURITY: only a flow that passed the second factor, with the program verdict bound
  // to it saying 'allowed' (spec §4 program rules are enforced here, not only shown). The
  // guard's checks are made by the statement that ends the session (sign-in.ts `endFlow`,
  // flow-guard.ts `endingMember` lists them); a call they refuse ends nothing.
  withSchemas(app).post('/api/portal/handoff', { schema }, async (request, reply) => {
    const { target } = request.body ?? { target: 'login' }
    // A program the catalogue (or PROGRAM_HANDOFF) puts on OpenID Connect (issue 44) takes the
    // member by a handover to the provider instead: no password leaves the service. Without a
    // registered site it fails closed (SiteNotReady), never falls back to the password, and
    // its session is held (not ended): known before the statement, so the member may retry.
    const held = await oidc.programsNotReady(request)
    const audit = handoff.issued(request.ip)
    const { session, user } = await endFlow(
      request,
      { step: 'handoff', kind: 'issued', audit },
      held,
    )
    // Bound, as the statement's condition on its verdict required.
    const check = programCheckOf(session)
    if (!check) throw new HttpError(401, 'service.pleaseLogIn')
    const openIdUrl = oidc.takesOpenIdConnect(check.program)
      ? await oidc.handoffUrl(request, reply, check.program)
      : undefined
    // The program whose login page was used and checked (spec §4 hand-off: /usweb/#/{program}).
    const url =
      openIdUrl ??
      (await handoff.urlFor({
        program: check.program,
        username: user.username,
        password: () => request.session.unseal(session.data.handoffSecret),
        custnum: user.custnum,
        association: check.association,
        target,
      }))
    // A sealed password no key of SESSION_SECRET opens (its key retired mid sign-in): the
    // session is ended, and the member signs in again.
    if (url === undefined) throw new HttpError(401, 'service.pleaseLogIn')
    // Only after the statement ended the session: a second call at once got no handover.
    if (openIdUrl) {
      oidc.setHandover(reply, {
        userId: user.id,
        program: check.program,
        authTime: Math.floor(handoff.now().getTime() / 1000),
        amr: methodsOf(session.data),
      })
    }
    return { url }
  })
}
