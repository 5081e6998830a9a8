import { describe, expect, it } from 'vitest'
import { defaultCountry, maskPhone } from '@portal/contract'
import {
  contactFromDetails,
  contactOf,
  emptyContact,
  shortMaskedEmail,
  type ContactFormValues,
} from './mfa-contact.ts'

const countries = [defaultCountry, { countryName: 'Canada', dialPrefix: '1' }]

const filled: ContactFormValues = {
  typeOfEmailAddress: 'Work',
  emailAddress: ' dana.o@example.com ',
  typeOfPhoneNumber: 'Personal',
  geoCountryId: 'Canada',
  phoneNumber: '312-555-0101',
}

describe('verification contact form (spec §5: all fields required)', () => {
  it('sends nothing for an empty form', () => {
    expect(contactOf(emptyContact)).toBeNull()
  })

  it('sends a complete form as the updateUser body, the email trimmed', () => {
    expect(contactOf(filled)).toEqual({
      typeOfEmailAddress: 'Work',
      emailAddress: 'dana.o@example.com',
      typeOfPhoneNumber: 'Personal',
      phoneNumber: '312-555-0101',
      geoCountryId: 'Canada',
    })
  })

  it('prefills from the details, with the default country when theirs is not listed', () => {
    const details = {
      userName: 'bclip_demo',
      emailAddress: 'bclip.demo@example.com',
      typeOfEmailAddress: 'Personal' as const,
      phoneNumber: '555-555-0100',
      typeOfPhoneNumber: null,
      geoCountryId: 'Atlantis',
    }
    expect(contactFromDetails(details, countries)).toEqual({
      typeOfEmailAddress: 'Personal',
      emailAddress: 'bclip.demo@example.com',
      // Issue 43 (item 10): a number on file without a type is Personal until changed.
      typeOfPhoneNumber: 'Personal',
      geoCountryId: defaultCountry.countryName,
      phoneNumber: '555-555-0100',
    })
    // With no number on file there is nothing to preselect.
    expect(
      contactFromDetails({ ...details, phoneNumber: null }, countries).typeOfPhoneNumber,
    ).toBeNull()
    expect(contactFromDetails({ ...details, geoCountryId: 'Canada' }, countries).geoCountryId).toBe(
      'Canada',
    )
  })
})

describe('masked contacts (spec §2 screen 11)', () => {
  it('shows the first letter and the domain of an email', () => {
    expect(shortMaskedEmail('dana.o@example.com')).toBe('d***@example.com')
    expect(shortMaskedEmail('a@example.com')).toBe('a***@example.com')
    expect(shortMaskedEmail('broken')).toBe('***')
  })

  it('shows the last four digits of a mobile number', () => {
    expect(maskPhone('312-555-0101')).toBe('***-***-0101')
  })
})
