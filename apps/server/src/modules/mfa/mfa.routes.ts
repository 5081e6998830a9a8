import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  CountriesSchema,
  CwMfaResponseSchema,
  EnterVerificationCodeSchema,
  MfaDetailsSchema,
  MfaHeadersSchema,
  MfaNoInputSchema,
  MfaUpdateUserSchema,
  SubmitVerificationSchema,
  deliveryMethods,
  operationOf,
  type ApiCallName,
  type Country,
  type MfaDeliveryMethod,
  mfaScreens,
} from '@portal/contract'
import { changeRefusals, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { Session } from '../../plugins/session.ts'
import { randomToken } from '../../lib/crypto.ts'
import { requestLocale } from '../../lib/request-context.ts'
import { isSameUsername } from '../../lib/usernames.ts'
import { preparedAnswers, referenceRoute, sendPrepared } from '../../plugins/reference-answers.ts'
import type { SignInState } from '../signin/flow.ts'
import { hasPassedFactor, requireMember } from '../signin/flow-guard.ts'
import { applyOutcome } from '../signin/sign-in.ts'
import { deviceMarksOf as marksOf, setDeviceMark, type DeviceCookie } from './device-trust.ts'
import { MfaRefusal, type MfaOutcome, type mfaService } from './mfa.service.ts'

interface Deps {
  mfa: ReturnType<typeof mfaService>
  deviceCookie: DeviceCookie
}

// Where each call is open (modules/signin/flow.ts): contacts may be entered before the code
// only while enrolling (no proven contacts), and after it on the update path.
const deciding: SignInState[] = ['mfa_pending', 'enrolling', 'challenged']
const owingCode: SignInState[] = ['enrolling', 'challenged']
const enteringContacts: SignInState[] = ['enrolling', 'authenticated']
const readingDetails: SignInState[] = ['enrolling', 'challenged', 'authenticated']
const askingSupport: SignInState[] = ['mfa_pending', 'enrolling', 'challenged', 'authenticated']

/** The random id of this sign-in its codes are bound to (sendCode), once one was asked for. */
const signInIdOf = (session: Session): string | undefined =>
  typeof session.data.signInId === 'string' ? session.data.signInId : undefined

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
/** The calls that read no input: the MFA model, an empty JSON object, or no body at all. */
const noInput = MfaNoInputSchema

export async function mfaRoutes(app: FastifyInstance, { mfa, deviceCookie }: Deps) {
  const api = withSchemas(app)
  const countriesSchema = { ...operationOf('mfaGetCountries'), response: { 200: CountriesSchema } }
  // Reference data: encoded once per load, cached by browsers (plugins/reference-answers.ts).
  const countriesAnswer = preparedAnswers((countries: Country[]) =>
    CountriesSchema.parse(countries),
  )
  api.get(
    '/api/mfa/getCountries',
    { ...referenceRoute, schema: countriesSchema },
    // Answered at once when the list is loaded: a promise per request only when it is not.
    (request, reply) => {
      const loaded = mfa.countriesNow()
      if (loaded) {
        sendPrepared(request, reply, countriesAnswer(loaded))
        return
      }
      return mfa.countries().then((countries) => {
        sendPrepared(request, reply, countriesAnswer(countries))
      })
    },
  )

  /**
   * SECURITY: MFA calls act on the user of the session that passed the password step, in
   * the states the flow opens the call in. The userName header of spec §7 is checked
   * against it, never used to pick the user.
   */
  const openIn = (states: SignInState[], options: Parameters<typeof requireMember>[1] = {}) => ({
    preHandler: [
      requireMember(states, options),
      async (request: FastifyRequest) => {
        const named = request.headers.username
        if (
          typeof named === 'string' &&
          named !== '' &&
          !isSameUsername(named, request.member.user.username)
        ) {
          throw new HttpError(403, 'service.anotherSignInsVerification')
        }
      },
    ],
  })

  /** Refusals of the service (a step this sign-in may not take yet) answer 403. */
  async function refusing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof MfaRefusal)
        throw new HttpError(error.isInputRefused ? 400 : 403, error.text)
      throw error
    }
  }

  // The trusted-device cookie (device-trust.ts) and spec §7's device print header.
  const deviceMarksOf = (request: FastifyRequest) => marksOf(request, deviceCookie)
  const markDevice = (reply: FastifyReply, outcome: MfaOutcome) =>
    setDeviceMark(reply, deviceCookie, outcome)

  const decide = async (request: FastifyRequest, reply: FastifyReply) => {
    const { user, secondFactor } = request.member
    const outcome = await mfa.decide(user, deviceMarksOf(request), secondFactor)
    await applyOutcome(request, { step: 'decision', ...outcome })
    markDevice(reply, outcome)
    return outcome.response
  }
  // usweb asks at login (spec §4 step 5); pl calls its MFA authenticate (path not in the spec).
  // The decision's reads come with the session's (one statement).
  const openForDeciding = openIn(deciding, {
    device: (request) => mfa.deviceLookup(deviceMarksOf(request)),
  })
  api.get(
    '/api/mfa/getMFAUser',
    { schema: mfaCall('mfaGetUser', false), ...openForDeciding },
    decide,
  )
  api.post(
    '/api/mfa/authenticate',
    { schema: { ...mfaCall('mfaAuthenticate', true), body: noInput }, ...openForDeciding },
    decide,
  )

  // Before the code: only the proven contacts, masked (docs/decisions/0006).
  const detailsSchema = {
    ...mfaCall('mfaGetDetails', false),
    response: { 200: MfaDetailsSchema, ...refusals(401, 403) },
  }
  api.get(
    '/api/mfa/getDetails',
    { schema: detailsSchema, ...openIn(readingDetails) },
    async (request) => {
      const { session, user } = request.member
      return mfa.details(user, {
        isChallenge: session.stage === 'challenged',
        isFactorPassed: hasPassedFactor(session),
      })
    },
  )

  const updateSchema = { ...mfaCall('mfaUpdateUser', true), body: MfaUpdateUserSchema }
  api.post(
    '/api/mfa/updateUser',
    { schema: updateSchema, ...openIn(enteringContacts) },
    async (request) => {
      const { session, user } = request.member
      const contact = request.body
      const dialPrefix = await mfa.dialPrefixOf(contact.geoCountryId)
      if (!dialPrefix) throw new HttpError(400, 'service.chooseCountry')
      const isSignedIn = session.stage === 'authenticated'
      // The update path follows a code this sign-in passed, not a known device or an exempt
      // program: those skip the code, and the contacts are what the code protects.
      if (isSignedIn && !hasPassedFactor(session)) {
        throw new HttpError(403, 'service.contactsAfterCodeOnly')
      }
      const { firstCodeAtOnce, ...sent } = contact
      const saved = await refusing(() => mfa.updateContact(user, sent, dialPrefix, isSignedIn))
      // Issue 43 (item 10): asked for, the first code goes now to the email just confirmed,
      // where the service allows it; else the answer is the choice of delivery.
      const first = firstCodeAtOnce && !isSignedIn ? await mfa.firstCodeAtOnce(user) : undefined
      if (!first || saved.nextScreen !== mfaScreens.verificationInfoStep1) return saved
      // The contacts are saved either way: past a cap on messages, the member chooses later.
      const answer = await sendCode(request, () => first.method).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 429) return saved
        throw error
      })
      return answer.statusCode === 'CHALLENGE_SUCCESS'
        ? {
            ...answer,
            codeSentBy: first.method,
            ...(first.otherMethod && { otherMethod: first.otherMethod }),
          }
        : answer
    },
  )

  /** Sends a code within the per-user caps; the answer says when the next may be asked for. */
  async function sendCode(request: FastifyRequest, pick: (chosen: unknown) => MfaDeliveryMethod) {
    const { session, user } = request.member
    const method = pick(session.data.mfaDelivery)
    // The code is bound to this sign-in (issue 40, C2): a random value its session keeps,
    // made at its first code and the same for every code after.
    const signInId = signInIdOf(session) ?? randomToken(16)
    await request.session.update({
      data: { ...session.data, mfaDelivery: method, signInId },
    })
    const isChallenge = session.stage === 'challenged'
    const resendAfterSeconds = await app.limits.messageFor(user.id, { isCode: true })
    const locale = requestLocale(request.headers)
    const answer = await refusing(() =>
      mfa.sendCode(user, method, { isChallenge, signInId, locale }),
    )
    return answer.statusCode === 'CHALLENGE_SUCCESS' ? { ...answer, resendAfterSeconds } : answer
  }

  const submitSchema = { ...mfaCall('mfaSubmitVerification', true), body: SubmitVerificationSchema }
  api.post(
    '/api/mfa/submitVerification',
    { schema: submitSchema, ...openIn(owingCode) },
    async (request) => {
      const { rgValue } = request.body
      return sendCode(request, () => rgValue)
    },
  )

  const newCodeSchema = { ...mfaCall('mfaGenerateNewCode', true), body: noInput }
  api.post(
    '/api/mfa/generateNewCode',
    { schema: newCodeSchema, ...openIn(owingCode) },
    async (request) =>
      sendCode(request, (chosen) => deliveryMethods.find((m) => m === chosen) ?? 'email'),
  )

  const codeSchema = {
    ...mfaCall('mfaEnterVerificationCode', true),
    body: EnterVerificationCodeSchema,
  }
  api.post(
    '/api/mfa/enterverificationcode',
    { schema: codeSchema, ...openIn(owingCode) },
    async (request, reply) => {
      const { session, user } = request.member
      const { verificationCode, rememberDevice = true } = request.body
      // Issue 27: a device is trusted only when the member chose it (or the spec's request,
      // which has no choice, came). Either way it gets a mark, by which the next pass on it
      // is not news (issue 40, the new-device notice).
      const outcome = await mfa.verifyCode(
        user,
        verificationCode,
        deviceMarksOf(request),
        signInIdOf(session),
        { isTrusted: rememberDevice, locale: requestLocale(request.headers) },
      )
      await applyOutcome(request, { step: 'code', ...outcome })
      markDevice(reply, outcome)
      return outcome.response
    },
  )

  const supportPerUser = app.limits.byTarget('support')
  const supportSchema = { ...mfaCall('mfaSupport', true), body: noInput }
  api.post(
    '/api/mfa/mfaSupport',
    { schema: supportSchema, ...openIn(askingSupport) },
    async (request) => {
      const { user } = request.member
      await supportPerUser(request, String(user.id)) // each call opens an incident
      return mfa.support(user)
    },
  )
}
