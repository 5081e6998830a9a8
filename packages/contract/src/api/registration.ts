import * as z from 'zod/mini'
import { appNames } from '../flavours.ts'
import { newPasswordSchema, newUsernameSchema } from '../rules.ts'
import { extension, extensionFallbacks } from './calls.ts'
import { defineModel, requestOf } from './models.ts'

/**
 * The customer lookup request of spec §3: clientPrefix, customerNumber, level1Org; the
 * registration variant adds email, primaryEmailAddress (set to the customer number) and
 * phoneNumber.
 */
export const customerLookupModel = defineModel('customer lookup request', {
  clientPrefix: z.string().check(z.maxLength(20)),
  customerNumber: z.string().check(z.maxLength(13)),
  level1Org: z.string().check(z.maxLength(6)),
  email: z.string().check(z.maxLength(60)),
  primaryEmailAddress: z.string().check(z.maxLength(60)),
  phoneNumber: z.string().check(z.maxLength(20)),
})

/**
 * POST /api/customer-api/find, registration variant. Answers 404 unless the customer number,
 * the email and the mobile number all match one record, so numbers cannot be probed one
 * field at a time. primaryEmailAddress only repeats the customer number: accepted, not read.
 */
export const RegistrationLookupSchema = requestOf(customerLookupModel, {
  clientPrefix: z.string().check(z.minLength(1), z.maxLength(20)),
  customerNumber: z.string().check(z.regex(/^[A-Za-z0-9]{1,13}$/)),
  level1Org: z.string().check(z.regex(/^\d{1,6}$/)),
  email: z.string().check(z.maxLength(60)),
  phoneNumber: z.string().check(z.maxLength(20)),
})
export type RegistrationLookup = z.infer<typeof RegistrationLookupSchema>

export const RegistrationLookupResponseSchema = z.object({
  /** The customer status: 'i' means ineligible. */
  status: z.nullable(z.string()),
  custclass: z.nullable(z.string()),
  membershipCd: z.string(),
  firstName: z.nullable(z.string()),
  /** This service's reading of the registration rules (spec §6). */
  eligibility: z
    .enum(['eligible', 'ineligible', 'brokerClient'])
    .register(z.globalRegistry, extension(extensionFallbacks.eligibility)),
})
export type RegistrationLookupResponse = z.infer<typeof RegistrationLookupResponseSchema>

/** POST /api/us-web-authentication/finduserbymembercode */
export const ExistingAccountCheckSchema = z.strictObject({
  membershipCd: z.string().check(z.minLength(1), z.maxLength(20)),
  primaryEmailAddress: z.string().check(z.maxLength(60)),
  phoneNumber: z.optional(z.string().check(z.maxLength(20))),
})
/** "a body in the response means an account exists" */
export const ExistingAccountResponseSchema = z.object({
  body: z.nullable(z.object({ accountExists: z.literal(true) })),
})

/** POST /api/us-web-authentication/createuser (spec §3 account-creation request). */
export const CreateUserRequestSchema = z.strictObject({
  userLoginNm: newUsernameSchema,
  userPassword: newPasswordSchema,
  phoneNumber: z.string().check(z.maxLength(20)),
  appName: z.enum([appNames.usweb, appNames.pl]),
  membershipCd: z.string().check(z.minLength(1), z.maxLength(20)),
  firstName: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  primaryEmailAddress: z.string().check(z.maxLength(60)),
  optLocVersionNo: z.literal('0'),
  level1Org: z.string().check(z.regex(/^\d{1,6}$/)),
})
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>

export const createUserReturnCodes = [
  'SUCCESS',
  'USER_ALREADY_EXISTS',
  'ACCOUNT_EXISTS',
  'NOT_FOUND',
  'INELIGIBLE',
] as const
export const CreateUserResponseSchema = z.object({ returnCode: z.enum(createUserReturnCodes) })
export type CreateUserResponse = z.infer<typeof CreateUserResponseSchema>
