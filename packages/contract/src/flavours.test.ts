import { describe, expect, it } from 'vitest'
import { appNames, flavours, recoveryAppNames } from './flavours.ts'
import { messages } from './messages.ts'
import { flavourNames, programOf } from './programs.ts'

describe('flavour table', () => {
  it('spells each flavour as spec §7 and §9 do', () => {
    expect(appNames).toEqual({ usweb: 'USWEB', pl: 'PROLIABILITY' })
    expect(recoveryAppNames).toEqual(['usweb', 'proliability'])
    expect(flavours.pl.area).toBe('proliability')
  })

  it('names a default program of its own flavour', () => {
    for (const flavour of flavourNames) {
      expect(programOf(flavours[flavour].defaultProgram).flavour).toBe(flavour)
    }
  })

  it('takes its failure texts from the message catalogue (spec §8)', () => {
    expect(messages.login[flavours.usweb.failureText]).toMatch(/^Thank you for being our valued/)
    expect(messages.login[flavours.pl.failureText]).toBe(
      'Something went wrong, please try after sometime.',
    )
  })
})
