// The verification contact form (spec §2 screens 9, 10, 13; §5 "In the MFA contact form all
// fields are required") and the masked contacts of screen 11, as pure functions.
import * as z from 'zod/mini'
import {
  contactTypes,
  defaultCountry,
  MfaContactSchema,
  type Country,
  type MfaContact,
  type MfaDetails,
} from '@portal/contract'
import { t } from '../../i18n/texts.ts'
import { fieldRules, filled } from '../../lib/forms/form-schemas.ts'

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
export function contactFormSchema() {
  const m = t.validation
  const rules = fieldRules()
  return z.extend(z.omit(MfaContactSchema, { userName: true }), {
    // Either may be the one on file as getDetails masked it (kept; issue 40).
    emailAddress: filled(rules.contactEmail),
    phoneNumber: filled(rules.mfaPhone),
    geoCountryId: filled(z.string()),
    typeOfEmailAddress: z.enum(contactTypes, { error: m.chooseOne }),
    typeOfPhoneNumber: z.enum(contactTypes, { error: m.chooseOne }),
  })
}

/** The form prefilled from getDetails; a country the list does not have becomes the default. */
export function contactFromDetails(
  details: MfaDetails,
  countries: readonly Country[],
): ContactFormValues {
  const country = countries.find((c) => c.countryName === details.geoCountryId)
  // Issue 43 (item 10): an address on file without a type (the one just registered) is
  // Personal unless the member says otherwise; an empty form still asks.
  return {
    typeOfEmailAddress: details.typeOfEmailAddress ?? (details.emailAddress ? 'Personal' : null),
    emailAddress: details.emailAddress ?? '',
    typeOfPhoneNumber: details.typeOfPhoneNumber ?? (details.phoneNumber ? 'Personal' : null),
    geoCountryId: country?.countryName ?? defaultCountry.countryName,
    phoneNumber: details.phoneNumber ?? '',
  }
}

/** The updateUser body, once the form's schema finds nothing. */
export function contactOf(values: ContactFormValues): MfaContact | null {
  const result = contactFormSchema().safeParse(values)
  if (!result.success) return null
  return { ...result.data, phoneNumber: values.phoneNumber }
}

export { shortMaskedEmail } from '../../lib/forms/short-mask.ts'
