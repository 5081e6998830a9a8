import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { HandoffRequestSchema, HandoffResponseSchema, operationOf } from '@portal/contract'
import { changeRefusals, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { OidcService } from '../oidc/oidc.service.ts'
import { programCheckOf, requireMember } from '../signin/flow-guard.ts'
import { applyOutcome } from '../signin/sign-in.ts'
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
  // session ends with it, and the sealed password leaves the service only here.
  const schema = {
    ...operationOf('handoff'),
    body: z.nullish(HandoffRequestSchema),
    response: { 200: HandoffResponseSchema, ...changeRefusals, ...refusals(401) },
  }
  // SECURITY: only a flow that passed the second factor, with the program verdict bound
  // to it saying 'allowed' (spec §4 program rules are enforced here, not only shown).
  const signedIn = { preHandler: requireMember(['authenticated']) }
  withSchemas(app).post('/api/portal/handoff', { schema, ...signedIn }, async (request, reply) => {
    const { target } = request.body ?? { target: 'login' }
    const { session, user } = request.member
    const check = programCheckOf(session)
    const password = request.session.unseal(session.data.handoffSecret)
    if (!check || password === undefined) {
      throw new HttpError(401, 'service.pleaseLogIn')
    }
    // A program the catalogue (or PROGRAM_HANDOFF) puts on OpenID Connect (issue 44) takes the
    // member by a handover to the provider instead: no password leaves the service. Without a
    // registered site it fails closed (SiteNotReady), never falls back to the password.
    const openIdUrl = oidc.takesOpenIdConnect(check.program)
      ? await oidc.handoffUrl(request, reply, check.program)
      : undefined
    // The program whose login page was used and checked (spec §4 hand-off: /usweb/#/{program}).
    const url =
      openIdUrl ??
      (await handoff.urlFor({
        program: check.program,
        username: user.username,
        password,
        custnum: user.custnum,
        association: check.association,
        target,
      }))
    const audit = handoff.issued(user, check.program, request.ip)
    // Refused (409) when another request issued it first: then neither the address nor the
    // handover goes out with this answer.
    await applyOutcome(request, { step: 'handoff', kind: 'issued', audit })
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
