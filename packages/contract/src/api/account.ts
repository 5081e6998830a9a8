// The calls spec §7 lists without payloads, as this service answers them
// (docs/decisions/0008-the-unshown-calls.md).
import * as z from 'zod/mini'
import { messages } from '../messages.ts'
import {
  newPasswordSchema,
  passwordLoginSchema,
  requiredText,
  said,
  usernameLoginSchema,
} from '../rules.ts'

const customerNumber = z.string().check(z.regex(/^[A-Za-z0-9]{1,13}$/))

/** GET /api/account: the signed-in account (spec §3 "User identity", with the login name). */
export const SignedInAccountSchema = z.object({
  login: z.string(),
  firstName: z.nullable(z.string()),
  customerNumber: z.string(),
  prgName: z.string(),
  imageUrl: z.nullable(z.string()),
  authorities: z.array(z.string()),
})
export type SignedInAccount = z.infer<typeof SignedInAccountSchema>

/** POST /api/account: the member's own profile (after the second factor). */
export const SaveAccountSchema = z.strictObject({
  firstName: requiredText('validation.required', messages.validation.required, 50),
})
export type SaveAccount = z.infer<typeof SaveAccountSchema>

/** POST /api/customer-api/saveCustomer: the member's own mailing address, nothing else. */
export const SaveCustomerSchema = z.strictObject({
  /** When given, must be the signed-in customer's own number. */
  custnum: z.optional(customerNumber),
  caddr1: requiredText('validation.required', messages.validation.required, 100),
  caddr2: z.optional(z.string().check(z.maxLength(100))),
  ccity: requiredText('validation.required', messages.validation.required, 60),
  cstate: z
    .string()
    .check(z.regex(/^[A-Za-z]{2}$/, said('account.stateCode', messages.account.stateCode))),
  postalcode: z
    .string()
    .check(z.regex(/^\d{5}(-\d{4})?$/, said('account.zipCode', messages.account.zipCode))),
  ccountry: z.optional(z.string().check(z.maxLength(60))),
})
export type SaveCustomer = z.infer<typeof SaveCustomerSchema>

/** POST /api/policy-api/findCurrentTerm */
export const FindCurrentTermSchema = z.strictObject({
  /** When given, must be the signed-in customer's own number. */
  custnum: z.optional(customerNumber),
})
export const PolicyTermSchema = z.object({
  policyNumber: z.string(),
  prgName: z.string(),
  /** ISO dates (YYYY-MM-DD); the term includes both days. */
  termStart: z.string(),
  termEnd: z.string(),
})
export type PolicyTerm = z.infer<typeof PolicyTermSchema>
/** `currentTerm` is null when no term of the customer covers today. */
export const CurrentTermResponseSchema = z.object({ currentTerm: z.nullable(PolicyTermSchema) })
export type CurrentTermResponse = z.infer<typeof CurrentTermResponseSchema>

/**
 * POST /api/us-web-authentication/updateuser, form-encoded: spec §7 "userName, password"
 * (the new password), plus the current password, which a change from a session must prove.
 */
export const UpdateUserFormSchema = z.strictObject({
  userName: usernameLoginSchema,
  currentPassword: passwordLoginSchema,
  password: newPasswordSchema,
})
export const UpdateUserResponseSchema = z.object({
  passwordUpdated: z.boolean(),
  matchesPreviousEightPasswords: z.boolean(),
  /** Other signed-in sessions of the member end with a change. */
  otherSessionsEnded: z.boolean(),
})
export type UpdateUserResponse = z.infer<typeof UpdateUserResponseSchema>
