import { describe, expect, it } from 'vitest'
import { formatPhoneAt } from './phone-input.ts'

// The formatting itself is the contract's (formatPhoneInput, rules.test.ts).
describe('phone input (spec §5 mask, issue 16)', () => {
  it('keeps the caret after the same digit', () => {
    // '312-5|550-101' after a backspace in the middle, then a 9 typed there.
    expect(formatPhoneAt('312-55-0101', 5)).toEqual({ value: '312-550-101', caret: 5 })
    expect(formatPhoneAt('312-5950-101', 6)).toEqual({ value: '312-595-0101', caret: 6 })
    // A pasted '+1 …' puts the caret at the end, after the last digit.
    expect(formatPhoneAt('+1 312 555 0101', 15)).toEqual({ value: '312-555-0101', caret: 12 })
  })
})
