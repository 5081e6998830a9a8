import { describe, expect, it } from 'vitest'
import { messages } from './messages.ts'
import {
  codeDigitsOf,
  emailSchema,
  formatPhoneInput,
  isValidMobile,
  nationalPhoneDigits,
  newPasswordSchema,
  newUsernameSchema,
  passwordChecklist,
  passwordStrength,
  phoneDigitsSchema,
  usernameLoginSchema,
  verificationCodeSchema,
  agentNumberSchema,
  accountNumberSchema,
} from './rules.ts'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message

describe('password strength (spec §4)', () => {
  it('scores an empty password 0 with no label', () => {
    expect(passwordStrength('')).toMatchObject({ score: 0, label: '', percent: 0 })
  })

  it.each([
    ['a ', 1, 'Very Weak', 20, 'red'],
    ['a', 2, 'Weak', 40, 'orange'],
    ['a1', 3, 'Moderate', 60, 'yellow'],
    ['a1!', 4, 'Good', 80, 'lightgreen'],
    ['abcdefgh1', 4, 'Good', 80, 'lightgreen'],
    ['abcdefg1!', 5, 'Strong', 100, 'green'],
  ])('scores %j as %i: %s', (password, score, label, percent, colour) => {
    expect(passwordStrength(password)).toEqual({ score, label, percent, colour })
  })

  it('reports each rule of the checklist', () => {
    expect(passwordChecklist('Secret#1x')).toEqual({
      length: true,
      noSpace: true,
      number: true,
      special: true,
      letter: true,
    })
    expect(passwordChecklist('12 34')).toEqual({
      length: false,
      noSpace: false,
      number: true,
      special: false,
      letter: false,
    })
  })

  it('accepts 8 and 50 characters and refuses 7 and 51', () => {
    const ok = (n: number) => newPasswordSchema.safeParse('a1!' + 'x'.repeat(n - 3)).success
    expect([ok(7), ok(8), ok(50), ok(51)]).toEqual([false, true, true, false])
  })

  it('gives the spec messages for missing, short and weak passwords', () => {
    const v = messages.validation
    expect(firstMessage(newPasswordSchema.safeParse(''))).toBe(v.passwordRequired)
    expect(firstMessage(newPasswordSchema.safeParse('a1!'))).toBe(v.passwordMinLength)
    expect(firstMessage(newPasswordSchema.safeParse('abcdefgh1'))).toBe(v.passwordPattern)
  })
})

describe('usernames', () => {
  it('takes 6-50 letters, digits and underscores, case kept', () => {
    expect(newUsernameSchema.safeParse('Ab_123').success).toBe(true)
    expect(newUsernameSchema.safeParse('x'.repeat(50)).success).toBe(true)
    expect(firstMessage(newUsernameSchema.safeParse('abc12'))).toBe(
      messages.validation.usernamePattern,
    )
    expect(firstMessage(newUsernameSchema.safeParse('has space1'))).toBe(
      messages.validation.usernamePattern,
    )
    expect(firstMessage(newUsernameSchema.safeParse(''))).toBe(messages.validation.usernameRequired)
  })

  it('treats a login username that is blank after trimming as missing', () => {
    expect(firstMessage(usernameLoginSchema.safeParse('   '))).toBe(
      messages.validation.usernameRequired,
    )
    expect(usernameLoginSchema.safeParse('x'.repeat(51)).success).toBe(false)
  })
})

describe('contact details and numbers', () => {
  it('strips non-digits from phone numbers and wants exactly ten', () => {
    expect(phoneDigitsSchema.parse('(312) 555-0101')).toBe('3125550101')
    expect(firstMessage(phoneDigitsSchema.safeParse('555-0101'))).toBe(messages.validation.mobile)
  })

  it('masks phone numbers as they are typed', () => {
    expect(formatPhoneInput('312')).toBe('312')
    expect(formatPhoneInput('3125')).toBe('312-5')
    expect(formatPhoneInput('(312) 555-01019999')).toBe('312-555-0101')
  })

  it('drops a leading country code 1 from a pasted or autofilled number', () => {
    for (const pasted of ['+1 (312) 555-0101', '1-312-555-0101', '13125550101', '312.555.0101']) {
      expect(formatPhoneInput(pasted), pasted).toBe('312-555-0101')
    }
    expect(nationalPhoneDigits('+1 312 555 0101')).toEqual({
      digits: '3125550101',
      droppedLeadingOne: true,
    })
    expect(nationalPhoneDigits('3125550101').droppedLeadingOne).toBe(false)
  })

  it('takes a North American mobile whose area code and exchange start with 2-9', () => {
    expect(isValidMobile('312-555-0101', '1')).toBe(true)
    expect(isValidMobile('112-555-0101', '1')).toBe(false)
    expect(isValidMobile('312-055-0101', '1')).toBe(false)
    expect(isValidMobile('3125550101', '1')).toBe(false)
  })

  it('takes any xxx-xxx-xxxx outside North America', () => {
    expect(isValidMobile('112-055-0101', '44')).toBe(true)
    expect(isValidMobile('112-0550101', '44')).toBe(false)
  })

  it('checks email addresses and quotes the address in the message', () => {
    expect(emailSchema.safeParse('dana.o+x@mail.example.com').success).toBe(true)
    expect(firstMessage(emailSchema.safeParse('dana@'))).toBe('Please enter a valid email. (dana@)')
    expect(emailSchema.safeParse('a@b.toolongtld').success).toBe(false)
  })

  it('wants six digits for verification codes and agent numbers', () => {
    expect(verificationCodeSchema.safeParse('123456').success).toBe(true)
    expect(firstMessage(verificationCodeSchema.safeParse('12345'))).toBe(
      messages.validation.verificationCode,
    )
    expect(agentNumberSchema.safeParse('123456').success).toBe(true)
    expect(agentNumberSchema.safeParse('ASF123456').success).toBe(false)
  })

  it('takes account numbers of 1-10 letters or digits', () => {
    expect(accountNumberSchema.safeParse('BC10001').success).toBe(true)
    expect(accountNumberSchema.safeParse('12345678901').success).toBe(false)
    expect(accountNumberSchema.safeParse('BC-1').success).toBe(false)
  })
})

describe('codeDigitsOf (issue 27)', () => {
  it('keeps the digits of a code as typed or pasted, at most six', () => {
    expect(codeDigitsOf('123 456')).toBe('123456')
    expect(codeDigitsOf('12a34b')).toBe('1234')
    expect(codeDigitsOf('123-456-7')).toBe('123456')
  })
})
