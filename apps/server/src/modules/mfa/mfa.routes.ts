import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  CountriesSchema,
  CwMfaResponseSchema,
  EnterVerificationCodeSchema,
  MfaContactSchema,
  MfaDetailsSchema,
  MfaHeadersSchema,
  SubmitVerificationSchema,
  mfaDeliveryMethods,
  operationOf,
  type ApiCallName,
  type Country,
  type CwMfaResponse,
  type MfaDeliveryMethod,
} from '@portal/contract'
import { changeRefusals, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { SessionStage } from '../../plugins/session.ts'
import type { referenceRepo } from '../../store/reference.repo.ts'
import type { usersRepo } from '../../store/users.repo.ts'
import type { MfaOutcome, mfaService } from './mfa.service.ts'

interface Deps {
  reference: ReturnType<typeof referenceRepo>
  users: ReturnType<typeof usersRepo>
  mfa: ReturnType<typeof mfaService>
}

const signingIn: SessionStage[] = ['mfa_pending']
const signingInOrSignedIn: SessionStage[] = ['mfa_pending', 'authenticated']

/** Every MFA call: the spec §7 headers, a cwMFAResponse, and refused without a session. */
const mfaCall = (name: ApiCallName, isChange: boolean) => ({
  ...operationOf(name),
  headers: MfaHeadersSchema,
  response: {
    200: CwMfaResponseSchema,
    ...(isChange ? changeRefusals : {}),
    ...refusals(401, 403),
  },
})
/** The calls that take no input: an empty JSON object, or no body at all (null). */
const noInput = z.strictObject({}).nullish()

export async function mfaRoutes(app: FastifyInstance, { reference, users, mfa }: Deps) {
  const api = withSchemas(app)
  const countriesSchema = { ...operationOf('mfaGetCountries'), response: { 200: CountriesSchema } }
  api.get('/api/mfa/getCountries', { schema: countriesSchema }, (): Promise<Country[]> =>
    reference.countries(),
  )

  /**
   * SECURITY: MFA calls act on the user of the session that passed the password step. The
   * userName header of spec §7 is checked against it, never used to pick the user.
   */
  async function signedIn(request: FastifyRequest, stages: SessionStage[]) {
    const session = await request.session.load()
    if (!session || !stages.includes(session.stage)) {
      throw new HttpError(401, 'Please log in to continue.')
    }
    const user = await users.findById(session.userId)
    if (!user) throw new HttpError(401, 'Please log in to continue.')
    const named = request.headers.username
    if (typeof named === 'string' && named !== '' && named !== user.username) {
      throw new HttpError(403, 'This verification belongs to another sign-in.')
    }
    return { session, user }
  }

  const devicePrintOf = (request: FastifyRequest) => {
    const print = request.headers.mfadeviceprint
    return typeof print === 'string' ? print.slice(0, 2000) : ''
  }

  /** Moves the session on as the outcome says, and answers with its response. */
  async function settle(request: FastifyRequest, outcome: MfaOutcome): Promise<CwMfaResponse> {
    if (outcome.kind === 'passed') await request.session.update({ stage: 'authenticated' })
    if (outcome.kind === 'locked') await request.session.end()
    return outcome.response
  }

  const decide = async (request: FastifyRequest) => {
    const { user } = await signedIn(request, signingIn)
    return settle(request, await mfa.decide(user, devicePrintOf(request)))
  }
  // usweb asks at login (spec §4 step 5); pl calls its MFA authenticate (path not in the spec).
  api.get('/api/mfa/getMFAUser', { schema: mfaCall('mfaGetUser', false) }, decide)
  api.post(
    '/api/mfa/authenticate',
    { schema: { ...mfaCall('mfaAuthenticate', true), body: noInput } },
    decide,
  )

  const detailsSchema = {
    ...mfaCall('mfaGetDetails', false),
    response: { 200: MfaDetailsSchema, ...refusals(401, 403) },
  }
  api.get('/api/mfa/getDetails', { schema: detailsSchema }, async (request) => {
    const { user } = await signedIn(request, signingInOrSignedIn)
    return mfa.details(user)
  })

  const updateSchema = { ...mfaCall('mfaUpdateUser', true), body: MfaContactSchema }
  api.post('/api/mfa/updateUser', { schema: updateSchema }, async (request) => {
    const { session, user } = await signedIn(request, signingInOrSignedIn)
    const contact = request.body
    const dialPrefix = await reference.dialPrefixOf(contact.geoCountryId)
    if (!dialPrefix) throw new HttpError(400, 'Please choose a country or region from the list.')
    return mfa.updateContact(user, contact, dialPrefix, session.stage === 'authenticated')
  })

  const submitSchema = { ...mfaCall('mfaSubmitVerification', true), body: SubmitVerificationSchema }
  api.post('/api/mfa/submitVerification', { schema: submitSchema }, async (request) => {
    const { session, user } = await signedIn(request, signingIn)
    const { rgValue } = request.body
    await request.session.update({ data: { ...session.data, mfaDelivery: rgValue } })
    return mfa.sendCode(user, rgValue)
  })

  const newCodeSchema = { ...mfaCall('mfaGenerateNewCode', true), body: noInput }
  api.post('/api/mfa/generateNewCode', { schema: newCodeSchema }, async (request) => {
    const { session, user } = await signedIn(request, signingIn)
    const chosen = session.data.mfaDelivery
    const method: MfaDeliveryMethod = mfaDeliveryMethods.find((m) => m === chosen) ?? 'email'
    return mfa.sendCode(user, method)
  })

  const codeSchema = {
    ...mfaCall('mfaEnterVerificationCode', true),
    body: EnterVerificationCodeSchema,
  }
  api.post('/api/mfa/enterverificationcode', { schema: codeSchema }, async (request) => {
    const { user } = await signedIn(request, signingIn)
    const { verificationCode } = request.body
    return settle(request, await mfa.verifyCode(user, verificationCode, devicePrintOf(request)))
  })

  const supportSchema = { ...mfaCall('mfaSupport', true), body: noInput }
  api.post('/api/mfa/mfaSupport', { schema: supportSchema }, async (request) => {
    const { user } = await signedIn(request, signingInOrSignedIn)
    return mfa.support(user)
  })
}
