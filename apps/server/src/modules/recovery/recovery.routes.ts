import type { FastifyInstance } from 'fastify'
import {
  ContactByPersonCdSchema,
  ContactByUsernameSchema,
  ContactLookupResponseSchema,
  operationOf,
  RecoveryResponseSchema,
  SendOtpToContactInfoSchema,
  SendTempPasswordSchema,
  SendUserNameSchema,
  type RecoveryResponse,
  type SpecCallName,
} from '@portal/contract'
import type { $ZodType } from 'zod/v4/core'
import { changeRefusals, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import type { recoveryService } from './recovery.service.ts'

interface Deps {
  recovery: ReturnType<typeof recoveryService>
}

const base = '/api/us-web-authentication'

export async function recoveryRoutes(app: FastifyInstance, { recovery }: Deps) {
  const perTarget = app.limits.byTarget('recovery')
  const limit = async (request: Parameters<typeof perTarget>[0], target: string | undefined) => {
    await app.limits.byClient(request)
    await perTarget(request, target ?? '')
  }
  const api = withSchemas(app)
  const declared = <Body extends $ZodType, Answer extends $ZodType>(
    name: SpecCallName,
    body: Body,
    answer: Answer,
  ) => ({
    schema: {
      ...operationOf(name),
      body,
      response: { 200: answer, ...changeRefusals, ...refusals(429) },
    },
  })

  const byPersonCd = declared(
    'contactByPersonCd',
    ContactByPersonCdSchema,
    ContactLookupResponseSchema,
  )
  api.post(`${base}/getContactInfoByPersonCd`, byPersonCd, async (request) => {
    const body = request.body
    await limit(request, body.custNum)
    return recovery.contactsByCustomerNumber(body.custNum, body.appName)
  })

  const byUsername = declared(
    'contactByUsername',
    ContactByUsernameSchema,
    ContactLookupResponseSchema,
  )
  api.post(`${base}/getContactInfoByUsername`, byUsername, async (request) => {
    const body = request.body
    await limit(request, body.username)
    return recovery.contactsByUsername(body.username, body.appName)
  })

  // Keyed on the value the lookup will use (by the delivery method), normalised: an extra
  // field or a re-formatted number does not open a fresh allowance.
  const contactOf = (body: {
    deliveryMethod: string
    emailAddress?: string
    phoneNumber?: string
  }) => (body.deliveryMethod === 'email' ? body.emailAddress : body.phoneNumber)

  const findEmail = declared('findEmail', SendTempPasswordSchema, RecoveryResponseSchema)
  api.post(`${base}/findEmail`, findEmail, async (request): Promise<RecoveryResponse> => {
    const body = request.body
    await limit(request, contactOf(body))
    return recovery.findEmail(body.deliveryMethod, body, body.appName)
  })

  const sendUserName = declared('sendUserName', SendUserNameSchema, RecoveryResponseSchema)
  api.post(`${base}/sendUserName`, sendUserName, async (request): Promise<RecoveryResponse> => {
    const body = request.body
    await limit(request, body.personCd ?? contactOf(body))
    return recovery.sendUserName(body)
  })

  const sendTemp = declared('sendTempPassword', SendTempPasswordSchema, RecoveryResponseSchema)
  api.post(`${base}/sendTempPassword`, sendTemp, async (request): Promise<RecoveryResponse> => {
    const body = request.body
    await limit(request, contactOf(body))
    return recovery.sendTempPassword(body)
  })

  const sendOtp = declared(
    'sendOtpToContactInfo',
    SendOtpToContactInfoSchema,
    RecoveryResponseSchema,
  )
  api.post(`${base}/sendOTPToContactInfo`, sendOtp, async (request): Promise<RecoveryResponse> => {
    const body = request.body
    await limit(request, body.firstPageSelectedValue)
    return recovery.sendOtpToContactInfo(body)
  })
}
