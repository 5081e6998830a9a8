// The verification contact form (spec §2 screens 9, 10, 13; §5 "In the MFA contact form all
// fields are required") and the masked contacts of screen 11, as pure functions.
import {
  contactTypes,
  defaultCountry,
  emailSchema,
  mfaPhoneSchema,
  messages,
  type Country,
  type MfaContact,
  type MfaDetails,
} from '@portal/contract'

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

const isContactType = (value: unknown): value is ContactType =>
  (contactTypes as readonly unknown[]).includes(value)

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

/** Each field's message, for the fields that may not be sent as they are. */
export function contactProblems(values: ContactFormValues): Partial<Record<ContactField, string>> {
  const problems: Partial<Record<ContactField, string>> = {}
  if (!isContactType(values.typeOfEmailAddress)) problems.typeOfEmailAddress = m.chooseOne
  const email = values.emailAddress.trim()
  if (email === '') problems.emailAddress = m.required
  else if (!emailSchema.safeParse(email).success) problems.emailAddress = m.email(email)
  if (!isContactType(values.typeOfPhoneNumber)) problems.typeOfPhoneNumber = m.chooseOne
  if (values.geoCountryId.trim() === '') problems.geoCountryId = m.required
  if (values.phoneNumber === '') problems.phoneNumber = m.required
  else if (!mfaPhoneSchema.safeParse(values.phoneNumber).success) problems.phoneNumber = m.mobile
  return problems
}

/** The updateUser body, once `contactProblems` finds nothing. */
export function contactOf(values: ContactFormValues): MfaContact | null {
  const { typeOfEmailAddress, typeOfPhoneNumber } = values
  if (!isContactType(typeOfEmailAddress) || !isContactType(typeOfPhoneNumber)) return null
  if (Object.keys(contactProblems(values)).length > 0) return null
  return {
    typeOfEmailAddress,
    emailAddress: values.emailAddress.trim(),
    typeOfPhoneNumber,
    phoneNumber: values.phoneNumber,
    geoCountryId: values.geoCountryId,
  }
}

/** 'dana.o@example.com' → 'd*****@example.com': enough to recognise, not to read. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  const local = email.slice(0, at)
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 1, 3))}${email.slice(at)}`
}

/** '312-555-0101' → '***-***-0101' */
export function maskMobile(phone: string): string {
  return `***-***-${phone.replace(/\D/g, '').slice(-4)}`
}
