// Issue 44: the provider's endpoints under /oidc (discovery at /oidc/.well-known/openid-
// configuration, keys, authorization, token, userinfo, logout), and the one step the portal
// answers itself: the interaction, where a member who passed the portal's sign-in for the
// client's program is handed over, and any other is sent to that program's login page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { OidcService } from './oidc.service.ts'

interface Deps {
  oidc: OidcService
}

// The provider keeps its own state and its own forgery checks (state, PKCE, signed cookies):
// the portal's session and anti-forgery token are not asked of a site's server.
const outsideSession = { config: { outsideSession: true } }

export async function oidcRoutes(app: FastifyInstance, { oidc }: Deps) {
  app.get<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid',
    outsideSession,
    async (request, reply) => {
      const provider = await oidc.provider()
      const details = await provider
        .interactionDetails(request.raw, reply.raw)
        .catch(() => undefined)
      if (!details || details.uid !== request.params.uid) {
        return reply.code(400).send({ error: 'invalid_request', error_description: 'expired' })
      }
      const clientId = String(details.params.client_id ?? '')
      const program = await oidc.programOfClient(clientId)
      if (!program) return reply.code(400).send({ error: 'invalid_client' })
      const login = await oidc.takeHandover(request, reply, program)
      if (login) {
        reply.hijack()
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login },
          {
            mergeWithLastSubmission: false,
          },
        )
        return reply
      }
      oidc.rememberPending(reply, details.uid, program)
      const page = oidc.loginPageOf(program, String(details.params.ui_locales ?? ''))
      if (page.locale) void reply.setCookie(oidc.localeCookie, page.locale, { path: '/' })
      return reply.redirect(page.url, 303)
    },
  )

  // Everything else under /oidc is the provider's own, given the raw request: its body is
  // read by the provider (form posts to the token endpoint), so this scope parses none.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const provider = await oidc.provider()
      const raw = request.raw as typeof request.raw & { originalUrl?: string }
      raw.originalUrl = raw.url
      raw.url = (raw.url ?? '/').slice('/oidc'.length) || '/'
      reply.hijack()
      provider.callback()(raw, reply.raw)
    }
    // The methods the provider answers (OPTIONS: its CORS preflight for a site's browser).
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: '/oidc/*',
      ...outsideSession,
      handler: handle,
    })
  })
}
