import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requestLocale } from '../../lib/request-context.ts'
import { z } from 'zod'
import {
  AuthenticateFormSchema,
  AuthenticateResponseSchema,
  flavours,
  FormLoginSchema,
  IdentitySchema,
  LoginRequestSchema,
  LoginResponseSchema,
  operationOf,
  PlAuthenticateFormSchema,
  programOf,
  type AuthenticateResponse,
  type LoginResponse,
} from '@portal/contract'
import { changeRefusals, formBody, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import { activeSignIn } from '../signin/flow.ts'
import { requireMember } from '../signin/flow-guard.ts'
import { startFromPassword } from '../signin/sign-in.ts'
import type { authenticationService, AuthenticateResult } from './authentication.service.ts'

interface Deps {
  authentication: ReturnType<typeof authenticationService>
}

const plProgram = flavours.pl.defaultProgram
const plLevel1Org = programOf(plProgram).level1Org

export async function authenticationRoutes(app: FastifyInstance, deps: Deps) {
  const { authentication } = deps
  const api = withSchemas(app)

  /**
   * Checks the password and, when it is right, the sign-in module starts the flow where it
   * stands (signin/sign-in.ts). The pl login page fixes the program, so its verdict is bound
   * then; usweb's is bound by the customer lookup of spec §4 steps 3-4, which names the login
   * page's program.
   */
  async function signIn(
    request: FastifyRequest,
    credentials: { userName: string; password: string; velLevel1Org: string },
    options: { isProgramFixed: boolean },
  ): Promise<AuthenticateResult> {
    await app.limits.signIn(request, credentials.userName) // 429 before any hashing
    const step = {
      door: credentials.velLevel1Org,
      password: credentials.password,
      isProgramFixed: options.isProgramFixed,
    }
    return authentication.authenticate(
      { ...credentials, clientIp: request.ip, locale: requestLocale(request.headers) },
      startFromPassword(request, step),
    )
  }

  const answer = (result: AuthenticateResult): AuthenticateResponse =>
    result.ok
      ? { message: result.message, temporaryPassword: result.user.isTemporaryPassword }
      : { message: result.message }

  const authenticateSchema = {
    consumes: formBody,
    body: AuthenticateFormSchema,
    response: { 201: AuthenticateResponseSchema, ...changeRefusals },
  }
  // Spec §7: form-encoded; every processed attempt answers 201 with the spec §4 message.
  // eauthenticate (decision 0008): the same sign-in, for a login form on a program site.
  for (const name of ['authenticate', 'eauthenticate'] as const) {
    api.post(
      `/api/us-web-authentication/${name}`,
      { schema: { ...operationOf(name), ...authenticateSchema } },
      async (request, reply) => {
        const form = request.body
        return reply.code(201).send(answer(await signIn(request, form, { isProgramFixed: false })))
      },
    )
  }

  api.post(
    '/api/us-web-authentication/authenticateForPLWithValidations',
    {
      schema: {
        ...operationOf('authenticateForPl'),
        consumes: formBody,
        body: PlAuthenticateFormSchema,
        response: { 201: AuthenticateResponseSchema, ...changeRefusals },
      },
    },
    async (request, reply) => {
      const form = request.body
      const result = await signIn(
        request,
        { ...form, velLevel1Org: plLevel1Org },
        { isProgramFixed: true },
      )
      return reply.code(201).send(answer(result))
    },
  )

  // The pl JSON login of spec §3: authenticated, temporaryPassword.
  const loginSchema = {
    ...operationOf('login'),
    body: LoginRequestSchema,
    response: { 200: LoginResponseSchema, ...changeRefusals },
  }
  api.post('/api/login', { schema: loginSchema }, async (request): Promise<LoginResponse> => {
    const { username, password } = request.body
    const result = await signIn(
      request,
      { userName: username, password, velLevel1Org: plLevel1Org },
      { isProgramFixed: true },
    )
    return {
      authenticated: result.ok,
      temporaryPassword: result.ok && result.user.isTemporaryPassword,
    }
  })

  // The form login of spec §3 (j_username, j_password, level1org): 200 or 401.
  const formLoginSchema = {
    ...operationOf('formLogin'),
    consumes: formBody,
    body: FormLoginSchema,
    response: { 200: AuthenticateResponseSchema, ...changeRefusals, ...refusals(401) },
  }
  api.post('/api/authentication', { schema: formLoginSchema }, async (request, reply) => {
    const form = request.body
    const result = await signIn(
      request,
      {
        userName: form.j_username,
        password: form.j_password,
        velLevel1Org: form.level1org ?? programOf(flavours.usweb.defaultProgram).level1Org,
      },
      { isProgramFixed: false },
    )
    if (!result.ok) throw new HttpError(401, 'service.authenticationFailed')
    return reply.code(200).send(answer(result))
  })

  // The identity of spec §3. The service has no roles beyond "a signed-in customer".
  const getUserSchema = {
    ...operationOf('getUser'),
    response: { 200: IdentitySchema, ...refusals(401) },
  }
  api.get(
    '/api/us-web-authentication/getUser',
    { schema: getUserSchema, preHandler: requireMember(activeSignIn) },
    async (request) => {
      const { user, customer } = request.member
      return {
        firstName: customer?.firstName ?? user.username,
        imageUrl: null,
        authorities: ['ROLE_USER'],
      }
    },
  )

  const logoutSchema = {
    ...operationOf('logout'),
    body: z.strictObject({}).nullish(),
    response: { 204: z.undefined(), ...refusals(400, 403) },
  }
  api.post('/api/logout', { schema: logoutSchema }, async (request, reply) => {
    const session = await request.session.load()
    if (session) await authentication.recordLogout(session.userId, request.ip)
    await request.session.end()
    // Spec §4 "Logout clears identity and local storage": the browser drops this origin's
    // cookies (the anti-forgery token with them) and storage (the device print).
    return reply.header('clear-site-data', '"cookies", "storage"').code(204).send()
  })
}
