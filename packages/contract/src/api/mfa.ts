import * as z from 'zod/mini'
import { contactEmailSchema, mfaPhoneSchema, said, verificationCodeSchema } from '../rules.ts'
import { deliveryMethods, type DeliveryMethod } from '../delivery.ts'
import { messages } from '../messages.ts'
import { extension, extensionFallbacks } from './calls.ts'
import { defineModel, requestOf } from './models.ts'

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

/**
 * The contact part of the MFA model (spec §3), as the portal sends it to POST
 * /api/mfa/updateUser. The call's request is MfaUpdateUserSchema (the whole model accepted).
 */
export const MfaContactSchema = z.strictObject({
  typeOfEmailAddress: z.enum(
    contactTypes,
    said('validation.chooseOne', messages.validation.chooseOne),
  ),
  emailAddress: contactEmailSchema,
  typeOfPhoneNumber: z.enum(
    contactTypes,
    said('validation.chooseOne', messages.validation.chooseOne),
  ),
  phoneNumber: mfaPhoneSchema,
  /** The selected country, by name. */
  geoCountryId: z.string().check(z.minLength(1), z.maxLength(60)),
  userName: z.optional(z.string().check(z.maxLength(50))),
})
export type MfaContact = z.infer<typeof MfaContactSchema>

/** The MFA calls' name for a delivery method (rgValue). */
export type MfaDeliveryMethod = DeliveryMethod

const text = (max: number) => z.string().check(z.maxLength(max))

/**
 * The MFA model of spec §3, which every MFA call sends (spec §7: "the MFA model and
 * username"), each field as a call accepts it when it does not read it. The calls act on the
 * session's user: `userName` is never read, and the userName header is only checked.
 */
export const mfaModel = defineModel('MFA model', {
  typeOfEmailAddress: text(20),
  emailAddress: text(100),
  typeOfPhoneNumber: text(20),
  phoneNumber: text(20),
  geoCountryId: text(60),
  verificationCode: text(10),
  rgValue: text(20),
  authenticationType: text(40),
  userName: text(50),
  incidentID: text(40),
})

/** The whole MFA model, every field optional: what the calls that read none of it take. */
export const MfaModelSchema = requestOf(mfaModel, {})
export type MfaModel = z.infer<typeof MfaModelSchema>

/** POST /api/mfa/updateUser: reads the contact part of the MFA model. */
export const MfaUpdateUserSchema = z.extend(
  requestOf(mfaModel, {
    typeOfEmailAddress: MfaContactSchema.shape.typeOfEmailAddress,
    emailAddress: MfaContactSchema.shape.emailAddress,
    typeOfPhoneNumber: MfaContactSchema.shape.typeOfPhoneNumber,
    phoneNumber: MfaContactSchema.shape.phoneNumber,
    geoCountryId: MfaContactSchema.shape.geoCountryId,
  }),
  {
    /**
     * Not in the spec (issue 43, item 10): while enrolling, the portal asks the service to
     * send the first code at once, to the email just confirmed, instead of answering with
     * the choice of delivery. The service decides whether it may (first codes only) and where.
     */
    firstCodeAtOnce: z.optional(
      z.boolean().register(z.globalRegistry, extension(extensionFallbacks.firstCodeAtOnce)),
    ),
  },
)

/** POST /api/mfa/submitVerification: rgValue is the chosen delivery method. */
export const SubmitVerificationSchema = requestOf(mfaModel, {
  rgValue: z.enum(
    deliveryMethods,
    said('validation.deliveryMethod', messages.validation.deliveryMethod),
  ),
})

/** POST /api/mfa/enterverificationcode */
export const EnterVerificationCodeSchema = z.extend(
  requestOf(mfaModel, { verificationCode: verificationCodeSchema }),
  {
    /**
     * Not in the spec (issue 27): "Remember this device for 30 days" on the code screen. False:
     * this device is not trusted after the code. Left out (the spec's request): trusted, as
     * before (docs/decisions/0021).
     */
    rememberDevice: z.optional(
      z.boolean().register(z.globalRegistry, extension(extensionFallbacks.rememberDevice)),
    ),
  },
)

/**
 * POST /api/mfa/generateNewCode, /api/mfa/mfaSupport and (pl) /api/mfa/authenticate: they
 * read nothing of the body; the MFA model, an empty object or no body at all.
 */
export const MfaNoInputSchema = z.nullish(MfaModelSchema)

/** GET /api/mfa/getDetails: the current details, to prefill the forms. */
export const MfaDetailsSchema = z.object({
  userName: z.string(),
  emailAddress: z.nullable(z.string()),
  typeOfEmailAddress: z.nullable(z.enum(contactTypes)),
  phoneNumber: z.nullable(z.string()),
  typeOfPhoneNumber: z.nullable(z.enum(contactTypes)),
  geoCountryId: z.nullable(z.string()),
  /**
   * Not in the spec (issue 32): after a password reset, an unlock or a recovery the contacts
   * stay bound. The confirm screen shows them masked; they change only after a code passes.
   */
  contactsBound: z.optional(z.boolean()),
  /**
   * Not in the spec (issues 32, 40): a temporary password went out by this channel, so the
   * code goes by the other one until a code passes there (the details show only that one).
   */
  recentRecoveryBy: z.optional(z.nullable(z.enum(deliveryMethods))),
  /**
   * Not in the spec (issue 40, P2): no factor has passed in this sign-in yet, so the email
   * address and mobile number are masked. Sent back to updateUser as shown, each means "keep
   * the one on file".
   */
  contactsMasked: z.optional(z.boolean()),
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
      /** Spec §3: "phoneList (items with countryCode)"; the number itself is never sent (issue 40). */
      phoneList: z.array(z.object({ countryCode: z.string() })),
    }),
  ),
  /**
   * Not in the spec (issue 14): after a code was sent, the seconds before another may be
   * asked for, so the code screen can say so.
   */
  resendAfterSeconds: z.optional(
    z
      .number()
      .check(z.int(), z.nonnegative())
      .register(z.globalRegistry, extension(extensionFallbacks.resendAfterSeconds)),
  ),
  /**
   * Not in the spec (issue 27): after a wrong code, how many more wrong codes the account
   * takes before it is locked, so the code screen can count down.
   */
  attemptsLeft: z.optional(
    z
      .number()
      .check(z.int(), z.nonnegative())
      .register(z.globalRegistry, extension(extensionFallbacks.attemptsLeft)),
  ),
  /**
   * Not in the spec (issue 43, item 10): the code went at once after enrolment by this
   * method; `otherMethod` is the one it may be sent by instead ("Send it by text instead").
   */
  codeSentBy: z.optional(
    z
      .enum(deliveryMethods)
      .register(z.globalRegistry, extension(extensionFallbacks.firstCodeAtOnce)),
  ),
  otherMethod: z.optional(
    z
      .enum(deliveryMethods)
      .register(z.globalRegistry, extension(extensionFallbacks.firstCodeAtOnce)),
  ),
  nextScreen: z.string().register(z.globalRegistry, extension(extensionFallbacks.nextScreen)),
})
export type CwMfaResponse = z.infer<typeof CwMfaResponseSchema>
