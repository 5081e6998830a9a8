import * as z from 'zod/mini'
import { deliveryMethods } from '../delivery.ts'
import { recoveryAppNames } from '../flavours.ts'
import { defineModel, requestOf } from './models.ts'

/** Spec §4 "Recovery": the status texts of the recovery calls. */
export const recoveryStatuses = {
  success: 'Success',
  multipleAccounts: 'Multiple Accounts',
  noAccounts: 'No Accounts',
  dataNotFound: 'Data Not Found',
} as const
export type RecoveryStatus = (typeof recoveryStatuses)[keyof typeof recoveryStatuses]

/**
 * The pl by-username check compares against this misspelling (spec §8). Kept on purpose so
 * the pl screen behaves as specified; the service itself always sends 'Multiple Accounts'.
 */
export const plMisspeltMultipleAccounts = 'Mulitple Accounts'

const appName = z.enum(recoveryAppNames)
const flag = z.union([z.boolean(), z.enum(['true', 'false', 'Y', 'N'])])

/** The first page's recovery options (spec §2 screens 5-6). */
export const recoveryModes = [
  'email',
  'mobile',
  'accountNumber',
  'agentNumber',
  'username',
] as const
export type RecoveryMode = (typeof recoveryModes)[number]

/**
 * The contact lookups of spec §3: by customer number (custNum, appName, sendusername,
 * sendpass) or by username (username, appName, sendusername, sendpass). The lookup answers
 * the same whatever is to be sent next: sendusername and sendpass are accepted, not read.
 */
const contactLookupFields = {
  appName: z.string().check(z.maxLength(20)),
  sendusername: flag,
  sendpass: flag,
}

/** POST api/us-web-authentication/getContactInfoByPersonCd */
export const ContactByPersonCdSchema = requestOf(
  defineModel('contact lookup by customer number', {
    custNum: z.string().check(z.maxLength(13)),
    ...contactLookupFields,
  }),
  { custNum: z.string().check(z.regex(/^[A-Za-z0-9]{1,13}$/)), appName },
)
/** POST api/us-web-authentication/getContactInfoByUsername */
export const ContactByUsernameSchema = requestOf(
  defineModel('contact lookup by username', {
    username: z.string().check(z.maxLength(50)),
    ...contactLookupFields,
  }),
  { username: z.string().check(z.minLength(1), z.maxLength(50)), appName },
)
/** Contacts are masked: the screen shows where the message will go, not the address. */
export const ContactLookupResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
})
export type ContactLookupResponse = z.infer<typeof ContactLookupResponseSchema>

const contact = {
  emailAddress: z.optional(z.string().check(z.maxLength(60))),
  phoneNumber: z.optional(z.string().check(z.maxLength(20))),
  deliveryMethod: z.enum(deliveryMethods),
  appName,
}

/** POST /api/us-web-authentication/sendUserName: by typed contact, or by personCd. */
export const SendUserNameSchema = z.strictObject({
  ...contact,
  personCd: z.optional(z.string().check(z.maxLength(13))),
})
/** POST /api/us-web-authentication/sendTempPassword and findEmail. */
export const SendTempPasswordSchema = z.strictObject(contact)
/** POST /api/us-web-authentication/sendOTPToContactInfo: after the step 2 delivery choice. */
export const SendOtpToContactInfoSchema = z.strictObject({
  ...contact,
  firstPageSelectedMode: z.enum(recoveryModes),
  firstPageSelectedValue: z.string().check(z.minLength(1), z.maxLength(60)),
})

export const RecoveryResponseSchema = z.object({ status: z.boolean(), message: z.string() })
export type RecoveryResponse = z.infer<typeof RecoveryResponseSchema>
