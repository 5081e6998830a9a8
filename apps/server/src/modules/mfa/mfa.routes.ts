import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  EnterVerificationCodeSchema,
  MfaContactSchema,
  SubmitVerificationSchema,
  mfaDeliveryMethods,
  type Country,
  type CwMfaResponse,
  type MfaDeliveryMethod,
  type MfaDetails,
} from '@portal/contract'
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

export async function mfaRoutes(app: FastifyInstance, { reference, users, mfa }: Deps) {
  app.get('/api/mfa/getCountries', (): Promise<Country[]> => reference.countries())

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
  app.get('/api/mfa/getMFAUser', decide)
  app.post('/api/mfa/authenticate', decide)

  app.get('/api/mfa/getDetails', async (request): Promise<MfaDetails> => {
    const { user } = await signedIn(request, signingInOrSignedIn)
    return mfa.details(user)
  })

  app.post('/api/mfa/updateUser', async (request): Promise<CwMfaResponse> => {
    const { session, user } = await signedIn(request, signingInOrSignedIn)
    const contact = MfaContactSchema.parse(request.body)
    const dialPrefix = await reference.dialPrefixOf(contact.geoCountryId)
    if (!dialPrefix) throw new HttpError(400, 'Please choose a country or region from the list.')
    return mfa.updateContact(user, contact, dialPrefix, session.stage === 'authenticated')
  })

  /** Sends a code within the per-user caps; the answer says when the next may be asked for. */
  async function sendCodeCapped(user: { id: number }, send: () => Promise<CwMfaResponse>) {
    const resendAfterSeconds = await app.limits.messageFor(user.id, { isCode: true })
    const answer = await send()
    return answer.statusCode === 'CHALLENGE_SUCCESS' ? { ...answer, resendAfterSeconds } : answer
  }

  app.post('/api/mfa/submitVerification', async (request): Promise<CwMfaResponse> => {
    const { session, user } = await signedIn(request, signingIn)
    const { rgValue } = SubmitVerificationSchema.parse(request.body)
    await request.session.update({ data: { ...session.data, mfaDelivery: rgValue } })
    return sendCodeCapped(user, () => mfa.sendCode(user, rgValue))
  })

  app.post('/api/mfa/generateNewCode', async (request): Promise<CwMfaResponse> => {
    const { session, user } = await signedIn(request, signingIn)
    const chosen = session.data.mfaDelivery
    const method: MfaDeliveryMethod = mfaDeliveryMethods.find((m) => m === chosen) ?? 'email'
    return sendCodeCapped(user, () => mfa.sendCode(user, method))
  })

  app.post('/api/mfa/enterverificationcode', async (request): Promise<CwMfaResponse> => {
    const { user } = await signedIn(request, signingIn)
    const { verificationCode } = EnterVerificationCodeSchema.parse(request.body)
    return settle(request, await mfa.verifyCode(user, verificationCode, devicePrintOf(request)))
  })

  const supportPerUser = app.limits.byTarget('support')
  app.post('/api/mfa/mfaSupport', async (request): Promise<CwMfaResponse> => {
    const { user } = await signedIn(request, signingInOrSignedIn)
    await supportPerUser(request, String(user.id)) // each call opens an incident
    return mfa.support(user)
  })
}
