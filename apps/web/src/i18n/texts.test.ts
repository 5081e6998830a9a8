import { describe, expect, it } from 'vitest'
import { flavours, flavourNames } from '@portal/contract'
import { failureTextKeyOf } from './texts.ts'

describe('the failure text of each flavour', () => {
  it("names the flavour table's key (spec §8)", () => {
    for (const flavour of flavourNames) {
      expect(failureTextKeyOf[flavour]).toBe(flavours[flavour].failureText)
    }
  })
})
