import * as z from 'zod/mini'
import { emailSchema, mfaPhoneSchema, verificationCodeSchema } from '../rules.ts'
import { deliveryMethods, type DeliveryMethod } from '../delivery.ts'
import { messages } from '../messages.ts'
import { extension, extensionFallbacks } from './calls.ts'

/** GET /api/mfa/getCountries */
export const CountrySchema = z.object({ countryName: z.string(), dialPrefix: z.string() })
export type Country = z.infer<typeof CountrySchema>
export const CountriesSchema = z.array(CountrySchema)

export const defaultCountry: Country = { countryName: 'United States', dialPrefix: '1' }

/** The MFA calls carry these headers (spec §7); the service trusts none of them for identity. */
export const mfaHeaders = {
  clientIp: 'mfaClientIP',
  devicePrint: 'mfaDevicePrint',
  userName: 'userName',
} as const

/** The headers as they arrive (lower case); declared for the API document. */
export const MfaHeadersSchema = z.looseObject({
  mfaclientip: z.optional(z.string()),
  mfadeviceprint: z.optional(z.string()),
  username: z.optional(z.string()),
})

export const contactTypes = ['Personal', 'Work'] as const

/** POST /api/mfa/updateUser: the contact part of the MFA model (spec §3). */
export const MfaContactSchema = z.strictObject({
  typeOfEmailAddress: z.enum(contactTypes, { error: messages.validation.chooseOne }),
  emailAddress: emailSchema,
  typeOfPhoneNumber: z.enum(contactTypes, { error: messages.validation.chooseOne }),
  phoneNumber: mfaPhoneSchema,
  /** The selected country, by name. */
  geoCountryId: z.string().check(z.minLength(1), z.maxLength(60)),
  userName: z.optional(z.string().check(z.maxLength(50))),
})
export type MfaContact = z.infer<typeof MfaContactSchema>

/** The MFA calls' name for a delivery method (rgValue). */
export type MfaDeliveryMethod = DeliveryMethod

/** POST /api/mfa/submitVerification: rgValue is the chosen delivery method. */
export const SubmitVerificationSchema = z.strictObject({
  rgValue: z.enum(deliveryMethods, { error: messages.validation.deliveryMethod }),
  userName: z.optional(z.string().check(z.maxLength(50))),
})

/** POST /api/mfa/enterverificationcode */
export const EnterVerificationCodeSchema = z.strictObject({
  verificationCode: verificationCodeSchema,
  userName: z.optional(z.string().check(z.maxLength(50))),
})

/** GET /api/mfa/getDetails: the current details, to prefill the forms. */
export const MfaDetailsSchema = z.object({
  userName: z.string(),
  emailAddress: z.nullable(z.string()),
  typeOfEmailAddress: z.nullable(z.enum(contactTypes)),
  phoneNumber: z.nullable(z.string()),
  typeOfPhoneNumber: z.nullable(z.enum(contactTypes)),
  geoCountryId: z.nullable(z.string()),
})
export type MfaDetails = z.infer<typeof MfaDetailsSchema>

/**
 * cwMFAResponse (spec §3). `nextScreen` is the screen the portal goes to next ("the
 * next-screen name comes from each server response"): '' means MFA is complete and the
 * user is handed off; 'MyAccount1' means the program's landing page.
 */
export const CwMfaResponseSchema = z.object({
  statusCode: z.nullable(z.string()),
  mfaStatusCode: z.nullable(z.string()),
  mfaErrorCode: z.nullable(z.string()),
  incidentID: z.nullable(z.string()),
  contactDetails: z.nullable(
    z.object({
      phoneList: z.array(z.object({ countryCode: z.string(), phoneNumber: z.string() })),
    }),
  ),
  /**
   * Not in the spec (issue 14): after a code was sent, the seconds before another may be
   * asked for, so the code screen can say so.
   */
  resendAfterSeconds: z.optional(z.number().check(z.int(), z.nonnegative())),
  nextScreen: z.string().register(z.globalRegistry, extension(extensionFallbacks.nextScreen)),
})
export type CwMfaResponse = z.infer<typeof CwMfaResponseSchema>
