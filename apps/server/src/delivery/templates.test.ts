// Issue 27 (problem 6): the text-message code, code first and origin-bound.
import { describe, expect, it } from 'vitest'
import { brandOf, templates } from './templates.ts'

const brand = brandOf('equipmentrenew', '8005550100')

describe('the verification code by text message', () => {
  it('puts the code first and ends with the origin-bound line of the configured host', () => {
    const { sms } = templates.verificationCode(brand, '178389', 'portal.example')
    expect(sms.startsWith('178389 is your ')).toBe(true)
    expect(sms).toContain('It expires in 10 minutes.')
    expect(sms.split('\n').at(-1)).toBe('@portal.example #178389')
  })

  it('has no origin-bound line when no host is configured', () => {
    const { sms } = templates.verificationCode(brand, '178389')
    expect(sms).not.toContain('@')
    expect(sms.startsWith('178389 is your ')).toBe(true)
  })
})
