// The verification contact form (spec §2 screens 9, 10, 13; §5 "In the MFA contact form all
// fields are required") and the masked contacts of screen 11, as pure functions.
import * as z from 'zod/mini'
import {
  contactTypes,
  contactEmailSchema,
  defaultCountry,
  mfaPhoneSchema,
  MfaContactSchema,
  type Country,
  type MfaContact,
  type MfaDetails,
} from '@portal/contract'
import { messages } from '../../i18n/texts.ts'
import { filled } from '../../lib/form-schemas.ts'

const m = messages.validation

export type ContactType = (typeof contactTypes)[number]

export interface ContactFormValues {
  typeOfEmailAddress: ContactType | null
  emailAddress: string
  typeOfPhoneNumber: ContactType | null
  geoCountryId: string
  phoneNumber: string
}
export type ContactField = keyof ContactFormValues

export const emptyContact: ContactFormValues = {
  typeOfEmailAddress: null,
  emailAddress: '',
  typeOfPhoneNumber: null,
  geoCountryId: defaultCountry.countryName,
  phoneNumber: '',
}

/** The updateUser body's schema with spec §5's form messages: every field is required. */
export const ContactFormSchema = z.extend(z.omit(MfaContactSchema, { userName: true }), {
  // Either may be the one on file as getDetails masked it (kept; issue 40).
  emailAddress: filled(contactEmailSchema),
  phoneNumber: filled(mfaPhoneSchema),
  geoCountryId: filled(z.string()),
  typeOfEmailAddress: z.enum(contactTypes, { error: m.chooseOne }),
  typeOfPhoneNumber: z.enum(contactTypes, { error: m.chooseOne }),
})

/** The form prefilled from getDetails; a country the list does not have becomes the default. */
export function contactFromDetails(
  details: MfaDetails,
  countries: readonly Country[],
): ContactFormValues {
  const country = countries.find((c) => c.countryName === details.geoCountryId)
  return {
    typeOfEmailAddress: details.typeOfEmailAddress,
    emailAddress: details.emailAddress ?? '',
    typeOfPhoneNumber: details.typeOfPhoneNumber,
    geoCountryId: country?.countryName ?? defaultCountry.countryName,
    phoneNumber: details.phoneNumber ?? '',
  }
}

/** The updateUser body, once the form's schema finds nothing. */
export function contactOf(values: ContactFormValues): MfaContact | null {
  const result = ContactFormSchema.safeParse(values)
  if (!result.success) return null
  return { ...result.data, phoneNumber: values.phoneNumber }
}

export { shortMaskedEmail } from '../../lib/short-mask.ts'
