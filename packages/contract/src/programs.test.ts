import { describe, expect, it } from 'vitest'
import {
  associationOf,
  findProgram,
  formatProgramPhone,
  programCodes,
  programFromAddress,
  programOf,
  programsWithLevel1Org,
} from './programs.ts'

describe('program catalogue', () => {
  it('has an entry for every program code, keyed by its own code', () => {
    for (const code of programCodes) expect(programOf(code).code).toBe(code)
  })

  it('holds the level-1 orgs of spec §9', () => {
    expect(programOf('bclip').level1Org).toBe('100')
    expect(programOf('fidbond').level1Org).toBe('200')
    expect(programOf('cabar').level1Org).toBe('168')
    expect(programOf('proliability').level1Org).toBe('110')
    expect(programsWithLevel1Org('200').map((p) => p.code)).toEqual(['fidbond'])
  })

  it('knows augustar as onl, with the Agent Number label', () => {
    expect(findProgram('onl')?.code).toBe('augustar')
    expect(programOf('augustar').accountLabel).toBe('Agent Number')
    expect(programOf('bclip').accountLabel).toBe('Account Number')
  })

  it('gives proliability the pl flavour and every other program usweb', () => {
    for (const code of programCodes) {
      expect(programOf(code).flavour).toBe(code === 'proliability' ? 'pl' : 'usweb')
    }
  })

  it('turns on live chat for the dtc programs only', () => {
    for (const code of programCodes) {
      expect(programOf(code).hasLiveChat).toBe(code.startsWith('dtc'))
    }
  })

  it('gives cabar the default promo code CA114', () => {
    expect(programOf('cabar').promoCode).toBe('CA114')
  })

  it('makes an equipmentrenew customer of level2org 2836 an AFM member', () => {
    expect(associationOf('equipmentrenew', '2836')).toBe('AFM')
    expect(associationOf('equipmentrenew', '1000')).toBe('NA')
    expect(associationOf('bclip', '2836')).toBe('NA')
  })
})

describe('programFromAddress', () => {
  it('prefers the prgName query parameter', () => {
    expect(programFromAddress('/usweb/login', '?prgName=cabar&level1Org=168')).toBe('cabar')
  })

  it('finds a program code in the path, longest first', () => {
    expect(programFromAddress('/dtcmyaccount/login', '')).toBe('dtcmyaccount')
    expect(programFromAddress('/fidbond/accountRegistration', '')).toBe('fidbond')
  })

  it('accepts the onl alias and ignores unknown names', () => {
    expect(programFromAddress('/usweb/login', '?prgName=onl')).toBe('augustar')
    expect(programFromAddress('/usweb/login', '?prgName=nosuch')).toBeUndefined()
  })
})

describe('formatProgramPhone', () => {
  it("writes '1.' numbers for augustar and '1-' numbers for dtc programs", () => {
    expect(formatProgramPhone('augustar', '8005550103')).toBe('1.800.555.0103')
    expect(formatProgramPhone('dtcria', '8005550104')).toBe('1-800-555-0104')
    expect(formatProgramPhone('bclip', '8005550100')).toBe('800-555-0100')
  })

  it('leaves a number it cannot read as it is', () => {
    expect(formatProgramPhone('bclip', '555')).toBe('555')
  })
})
