// The recovery calls of spec §7, through the api client.
import {
  ContactLookupResponseSchema,
  RecoveryResponseSchema,
  type recoveryAppNames,
  type ContactLookupResponse,
  type DeliveryMethod,
  type Flavour,
  type RecoveryMode,
  type RecoveryResponse,
} from '@portal/contract'
import { apiClient, type CallResult } from '../../lib/api-client.ts'
import type { RecoveryKey, RecoveryKind } from './recovery-input.ts'

const base = '/api/us-web-authentication'

type RecoveryAppName = (typeof recoveryAppNames)[number]

/** Spec §7: the recovery calls name the application in lower case. */
export const recoveryAppNameOf = {
  usweb: 'usweb',
  pl: 'proliability',
} as const satisfies Record<Flavour, RecoveryAppName>

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
    { ...request, appName: recoveryAppNameOf[flavour] },
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
    { ...request, appName: recoveryAppNameOf[flavour] },
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
    { ...request, appName: recoveryAppNameOf[flavour] },
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
  const appName = recoveryAppNameOf[flavour]
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
