import type { FastifyInstance } from 'fastify'
import {
  ContactByPersonCdSchema,
  ContactByUsernameSchema,
  SendOtpToContactInfoSchema,
  SendTempPasswordSchema,
  SendUserNameSchema,
  type ContactLookupResponse,
  type RecoveryResponse,
} from '@portal/contract'
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

  app.post(`${base}/getContactInfoByPersonCd`, async (request): Promise<ContactLookupResponse> => {
    const body = ContactByPersonCdSchema.parse(request.body)
    await limit(request, body.custNum)
    return recovery.contactsByCustomerNumber(body.custNum, body.appName)
  })

  app.post(`${base}/getContactInfoByUsername`, async (request): Promise<ContactLookupResponse> => {
    const body = ContactByUsernameSchema.parse(request.body)
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

  app.post(`${base}/findEmail`, async (request): Promise<RecoveryResponse> => {
    const body = SendTempPasswordSchema.parse(request.body)
    await limit(request, contactOf(body))
    return recovery.findEmail(body.deliveryMethod, body, body.appName)
  })

  app.post(`${base}/sendUserName`, async (request): Promise<RecoveryResponse> => {
    const body = SendUserNameSchema.parse(request.body)
    await limit(request, body.personCd ?? contactOf(body))
    return recovery.sendUserName(body)
  })

  app.post(`${base}/sendTempPassword`, async (request): Promise<RecoveryResponse> => {
    const body = SendTempPasswordSchema.parse(request.body)
    await limit(request, contactOf(body))
    return recovery.sendTempPassword(body)
  })

  app.post(`${base}/sendOTPToContactInfo`, async (request): Promise<RecoveryResponse> => {
    const body = SendOtpToContactInfoSchema.parse(request.body)
    await limit(request, body.firstPageSelectedValue)
    return recovery.sendOtpToContactInfo(body)
  })
}
