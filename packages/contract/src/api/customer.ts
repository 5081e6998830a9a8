import * as z from 'zod/mini'
import { usernameLoginSchema } from '../rules.ts'
import { extension, extensionFallbacks } from './calls.ts'

/** GET /api/customer-api/getPOMailingAddress/{program} */
export const MailingAddressSchema = z.object({ PHONE: z.string() })
export type MailingAddress = z.infer<typeof MailingAddressSchema>

const text = z.nullable(z.string())

/** The customer record of spec §3, with its field names. */
export const CustomerRecordSchema = z.object({
  kprogName: z.string(),
  externalRef: text,
  website: text,
  languageCode: text,
  taxId: text,
  emailAddr: text,
  creditIndicator: text,
  rectype: text,
  salutation: text,
  latenotice: text,
  statements: text,
  resp1: text,
  resp2: text,
  resp3: text,
  resp4: text,
  resp5: text,
  resp6: text,
  regioncode: text,
  siccode: text,
  areacode: text,
  segmentcode: text,
  custclass: text,
  phone1: text,
  phone2: text,
  phone3: text,
  phone3desc: text,
  contact1: text,
  contact2: text,
  ccountry: text,
  postalcode: text,
  cstate: text,
  ccity: text,
  caddr1: text,
  caddr2: text,
  cname: text,
  mastercustnum: text,
  status: text,
  custnum: z.string(),
  level2org: text,
  level1org: z.string(),
  membershipCd: text,
  firstName: text,
  primaryEmailAddress: text,
  emailaddrcc: text,
})
export type CustomerRecord = z.infer<typeof CustomerRecordSchema>

/** POST /api/fidbond-api/account */
export const AccountRequestSchema = z.strictObject({ username: usernameLoginSchema })
export const AccountSchema = z.object({
  username: z.string(),
  customerNumber: z.string(),
  prgName: z.string(),
  firstName: z.nullable(z.string()),
})
export type Account = z.infer<typeof AccountSchema>

/**
 * POST /api/customer-api/find, the lookup at login (spec §4 step 3-4): the three fields of
 * the customer lookup request. A body with the registration variant's fields is the
 * registration lookup (RegistrationLookupSchema), so this variant takes none of them.
 */
export const CustomerFindRequestSchema = z.strictObject({
  clientPrefix: z.string().check(z.minLength(1), z.maxLength(20)),
  customerNumber: z.string().check(z.regex(/^[A-Za-z0-9]{1,13}$/)),
  level1Org: z.string().check(z.regex(/^\d{1,6}$/)),
})
export type CustomerFindRequest = z.infer<typeof CustomerFindRequestSchema>

/**
 * Spec §3: "tax_Id, status, custclass, level2org, membershipCd, body". `verdict` and
 * `association` are this service's reading of the program rules of spec §4, so that the
 * portal does not decide them.
 */
export const CustomerFindResponseSchema = z.object({
  tax_Id: text,
  status: text,
  custclass: text,
  level2org: text,
  membershipCd: text,
  association: z.string().register(z.globalRegistry, extension(extensionFallbacks.association)),
  verdict: z
    .enum(['allowed', 'mismatch', 'ineligible', 'brokerClient'])
    .register(z.globalRegistry, extension(extensionFallbacks.verdict)),
  body: CustomerRecordSchema,
})
export type CustomerFindResponse = z.infer<typeof CustomerFindResponseSchema>
