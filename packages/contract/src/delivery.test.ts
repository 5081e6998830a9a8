import { describe, expect, it } from 'vitest'
import { maskEmail, maskPhone } from './delivery.ts'

describe('masked contacts', () => {
  it('keeps the first letter and the domain, one star per hidden letter (at least three)', () => {
    expect(maskEmail('dana.o@example.com')).toBe('d*****@example.com')
    expect(maskEmail('a@example.com')).toBe('a***@example.com')
    expect(maskEmail(null)).toBeNull()
  })

  it('keeps the last four digits of a phone number', () => {
    expect(maskPhone('3125550101')).toBe('***-***-0101')
    expect(maskPhone('312-555-0101')).toBe('***-***-0101')
    expect(maskPhone('')).toBeNull()
  })
})
