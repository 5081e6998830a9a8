// The recovery calls of spec §7, through the api client.
import {
  ContactLookupResponseSchema,
  RecoveryResponseSchema,
  type ContactLookupResponse,
  type DeliveryMethod,
  flavours,
  type Flavour,
  type RecoveryMode,
  type RecoveryResponse,
} from '@portal/contract'
import { apiClient, type CallResult } from '../../lib/api/api-client.ts'
import type { RecoveryKey, RecoveryKind } from './recovery-input.ts'

const base = '/api/us-web-authentication'

interface Contact {
  deliveryMethod: DeliveryMethod
  emailAddress?: string
  phoneNumber?: string
}

/** POST sendUserName: by the contact typed on the first page, or by personCd (step 2). */
export function sendUserName(
  flavour: Flavour,
  request: Contact & { personCd?: string },
): Promise<CallResult<RecoveryResponse>> {
  return apiClient.postJson(
    `${base}/sendUserName`,
    { ...request, appName: flavours[flavour].recoveryAppName },
    RecoveryResponseSchema,
  )
}

/** POST sendTempPassword: by the contact typed on the first page. */
export function sendTempPassword(
  flavour: Flavour,
  request: Contact,
): Promise<CallResult<RecoveryResponse>> {
  return apiClient.postJson(
    `${base}/sendTempPassword`,
    { ...request, appName: flavours[flavour].recoveryAppName },
    RecoveryResponseSchema,
  )
}

/** POST sendOTPToContactInfo: the temporary password, after the step 2 delivery choice. */
export function sendOtpToContactInfo(
  flavour: Flavour,
  request: {
    deliveryMethod: DeliveryMethod
    firstPageSelectedMode: RecoveryMode
    firstPageSelectedValue: string
  },
): Promise<CallResult<RecoveryResponse>> {
  return apiClient.postJson(
    `${base}/sendOTPToContactInfo`,
    { ...request, appName: flavours[flavour].recoveryAppName },
    RecoveryResponseSchema,
  )
}

/** POST getContactInfoByPersonCd or getContactInfoByUsername: the masked contacts on file. */
export function lookUpContacts(
  flavour: Flavour,
  kind: RecoveryKind,
  key: RecoveryKey,
): Promise<CallResult<ContactLookupResponse>> {
  const purpose = { sendusername: kind === 'username', sendpass: kind === 'password' }
  const appName = flavours[flavour].recoveryAppName
  return key.by === 'customerNumber'
    ? apiClient.postJson(
        `${base}/getContactInfoByPersonCd`,
        { custNum: key.custNum, appName, ...purpose },
        ContactLookupResponseSchema,
      )
    : apiClient.postJson(
        `${base}/getContactInfoByUsername`,
        { username: key.username, appName, ...purpose },
        ContactLookupResponseSchema,
      )
}
