import { describe, expect, it } from 'vitest'
import { defaultCountry, maskPhone, messages } from '@portal/contract'
import {
  contactFromDetails,
  contactOf,
  contactProblems,
  emptyContact,
  shortMaskedEmail,
  type ContactFormValues,
} from './mfa-contact.ts'

const m = messages.validation
const countries = [defaultCountry, { countryName: 'Canada', dialPrefix: '1' }]

const filled: ContactFormValues = {
  typeOfEmailAddress: 'Work',
  emailAddress: ' dana.o@example.com ',
  typeOfPhoneNumber: 'Personal',
  geoCountryId: 'Canada',
  phoneNumber: '312-555-0101',
}

describe('verification contact form (spec §5: all fields required)', () => {
  it('asks for every field of an empty form', () => {
    expect(contactProblems(emptyContact)).toEqual({
      typeOfEmailAddress: m.chooseOne,
      emailAddress: m.required,
      typeOfPhoneNumber: m.chooseOne,
      phoneNumber: m.required,
    })
    expect(contactOf(emptyContact)).toBeNull()
  })

  it('names a bad email and a phone that is not xxx-xxx-xxxx', () => {
    const problems = contactProblems({
      ...filled,
      emailAddress: 'dana@',
      phoneNumber: '3125550101',
    })
    expect(problems).toEqual({ emailAddress: m.email('dana@'), phoneNumber: m.mobile })
  })

  it('sends a complete form as the updateUser body, the email trimmed', () => {
    expect(contactProblems(filled)).toEqual({})
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
