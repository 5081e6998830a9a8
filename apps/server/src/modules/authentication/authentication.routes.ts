import type { FastifyInstance } from 'fastify'
import { AuthenticateFormSchema, type AuthenticateResponse } from '@portal/contract'
import type { authenticationService } from './authentication.service.ts'

interface Deps {
  authentication: ReturnType<typeof authenticationService>
}

export async function authenticationRoutes(app: FastifyInstance, { authentication }: Deps) {
  // Spec §7: form-encoded; every processed attempt answers 201 with the spec §4 message.
  app.post('/api/us-web-authentication/authenticate', async (request, reply) => {
    const form = AuthenticateFormSchema.parse(request.body)
    const result = await authentication.authenticate({ ...form, clientIp: request.ip })
    const body: AuthenticateResponse = { message: result.message }
    if (result.ok) {
      const { user } = result
      await request.session.start({
        userId: user.id,
        program: user.program,
        stage: user.isTemporaryPassword ? 'password_change_required' : 'authenticated',
        // Kept sealed only until the hand-off, which the usweb main site needs it for.
        data: { handoffSecret: request.session.seal(form.password) },
      })
      body.temporaryPassword = user.isTemporaryPassword
    }
    return reply.code(201).send(body)
  })
}
