// Passkeys (issue 23): the member's calls. Where each is open follows the sign-in flow
// (modules/signin/flow.ts): an assertion only while a second factor is owed (`factorOwed`:
// a challenge or a confirmation of details, issue 43), a new passkey or a removal only after
// a factor passed in this very sign-in.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  CwMfaResponseSchema,
  MfaHeadersSchema,
  PasskeyNoInputSchema,
  PasskeyAssertionSchema,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeyRegistrationSchema,
  PasskeyRemoveSchema,
  PasskeySchema,
  PasskeyStatusSchema,
  operationOf,
  type ApiCallName,
} from '@portal/contract'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { changeRefusals, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import { factorOwed, type SignInState } from '../signin/flow.ts'
import { deviceMarksOf, setDeviceMark, type DeviceCookie } from '../mfa/device-trust.ts'
import { hasPassedFactor, requireMember } from '../signin/flow-guard.ts'
import { applyOutcome } from '../signin/sign-in.ts'
import { requestLocale } from '../../lib/request-context.ts'
import { PasskeyRefusal, passkeyNameOf, type PasskeysService } from './passkeys.service.ts'

interface Deps {
  passkeys: PasskeysService
  deviceCookie: DeviceCookie
}

const signedIn: SignInState[] = ['authenticated']
const atVerification: SignInState[] = ['mfa_pending', 'enrolling', 'challenged']

const call = <T>(name: ApiCallName, isChange: boolean, answer: T, ...more: number[]) => ({
  ...operationOf(name),
  headers: MfaHeadersSchema,
  response: {
    200: answer,
    ...(isChange ? changeRefusals : {}),
    ...refusals(401, 403, ...more),
  },
})

export async function passkeysRoutes(app: FastifyInstance, { passkeys, deviceCookie }: Deps) {
  const api = withSchemas(app)

  /** The session's challenge, taken out: a challenge is answered once, right or wrong. */
  async function takeChallenge(request: FastifyRequest): Promise<unknown> {
    const { session } = request.member
    const held = session.data.passkeyChallenge
    if (held !== undefined) {
      const data = { ...session.data }
      delete data.passkeyChallenge
      await request.session.update({ data })
    }
    return held
  }

  async function keepChallenge(request: FastifyRequest, challenge: unknown): Promise<void> {
    const { session } = request.member
    await request.session.update({ data: { ...session.data, passkeyChallenge: challenge } })
  }

  /** A new passkey or a removal: after a second factor passed in this sign-in only. */
  const afterFactor = {
    preHandler: [
      requireMember(signedIn),
      async (request: FastifyRequest) => {
        if (!hasPassedFactor(request.member.session)) {
          throw new HttpError(403, 'service.passkeyRemoveRefused')
        }
      },
    ],
  }

  async function refusing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof PasskeyRefusal) throw new HttpError(error.statusCode, error.text)
      throw error
    }
  }

  // Asked by the verification screens (confirm, enrol, choose delivery): a passkey stands in
  // wherever a factor is owed (flow.ts `factorOwed`), so before the decision the answer is no.
  api.get(
    '/api/passkeys/status',
    {
      schema: call('passkeyStatus', false, PasskeyStatusSchema),
      preHandler: requireMember(atVerification),
    },
    async (request) => {
      const { session, user } = request.member
      const isOwed = factorOwed.includes(session.stage)
      return { hasPasskey: isOwed && (await passkeys.hasPasskey(user)) }
    },
  )

  api.post(
    '/api/passkeys/authentication/options',
    {
      schema: {
        ...call('passkeyAuthenticationOptions', true, PasskeyOptionsSchema, 409),
        body: PasskeyNoInputSchema,
      },
      preHandler: requireMember(factorOwed),
    },
    async (request) => {
      const made = await passkeys.authenticationOptions(request.member.user)
      if (!made) throw new HttpError(409, 'service.noPasskeyMade')
      await keepChallenge(request, made.challenge)
      return { ...made.options }
    },
  )

  api.post(
    '/api/passkeys/authentication',
    {
      schema: {
        ...call('passkeyAuthenticate', true, CwMfaResponseSchema),
        body: PasskeyAssertionSchema,
      },
      preHandler: requireMember(factorOwed),
    },
    async (request, reply) => {
      const held = await takeChallenge(request)
      const response = request.body.response as unknown as AuthenticationResponseJSON
      const outcome = await passkeys.authenticate(
        request.member.user,
        response,
        held,
        deviceMarksOf(request, deviceCookie),
        requestLocale(request.headers),
      )
      // Exactly what a right code does (signin/sign-in.ts): the same event, the same rotation,
      // the same trusted-device cookie (device-trust.ts).
      await applyOutcome(request, { step: 'passkey', ...outcome })
      setDeviceMark(reply, deviceCookie, outcome)
      return outcome.response
    },
  )

  api.get(
    '/api/passkeys',
    { schema: call('passkeyList', false, PasskeyListSchema), preHandler: requireMember(signedIn) },
    async (request) => ({ passkeys: await passkeys.list(request.member.user.id) }),
  )

  api.post(
    '/api/passkeys/registration/options',
    {
      schema: {
        ...call('passkeyRegistrationOptions', true, PasskeyOptionsSchema, 409),
        body: PasskeyNoInputSchema,
      },
      ...afterFactor,
    },
    async (request) => {
      const made = await refusing(() => passkeys.registrationOptions(request.member.user))
      await keepChallenge(request, made.challenge)
      return { ...made.options }
    },
  )

  api.post(
    '/api/passkeys/registration',
    {
      schema: { ...call('passkeyRegister', true, PasskeySchema), body: PasskeyRegistrationSchema },
      ...afterFactor,
    },
    async (request) => {
      const held = await takeChallenge(request)
      const response = request.body.response as unknown as RegistrationResponseJSON
      const name = passkeyNameOf(request.headers['user-agent'])
      return refusing(() => passkeys.register(request.member.user, response, held, name))
    },
  )

  api.post(
    '/api/passkeys/remove',
    {
      schema: { ...call('passkeyRemove', true, PasskeyListSchema, 404), body: PasskeyRemoveSchema },
      ...afterFactor,
    },
    async (request) => {
      const { user } = request.member
      const removed = await passkeys.remove(user, request.body.id, 'owner')
      if (!removed) throw new HttpError(404, 'service.passkeyNotOnAccount')
      return { passkeys: await passkeys.list(user.id) }
    },
  )
}
