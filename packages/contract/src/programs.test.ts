import { describe, expect, it } from 'vitest'
import {
  agentNumberDigitsOf,
  associationOf,
  customerNumberFor,
  customerVerdict,
  findProgram,
  formatProgramPhone,
  programCodes,
  programFromAddress,
  programOf,
  programRulesOf,
  normalisedCustomerNumber,
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

  it('labels the customer number by its kind', () => {
    for (const code of programCodes) {
      const { customerNumberKind, accountLabel } = programOf(code)
      expect(accountLabel).toBe(customerNumberKind === 'agent' ? 'Agent Number' : 'Account Number')
    }
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
    expect(programRulesOf('cabar').promoCode).toBe('CA114')
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

describe('customerVerdict (spec §4 program rules at login)', () => {
  const customer = { kprogName: 'bclip', status: 'a', custclass: null, taxId: null }

  it('lets a customer in at their own program', () => {
    expect(customerVerdict('bclip', customer)).toBe('allowed')
    expect(customerVerdict('augustar', { ...customer, kprogName: 'onl' })).toBe('allowed')
  })

  it('finds ineligible augustar customers (status i)', () => {
    expect(customerVerdict('augustar', { ...customer, kprogName: 'onl', status: 'i' })).toBe(
      'ineligible',
    )
  })

  it('blocks cabar clients of brokers (custclass subp)', () => {
    expect(customerVerdict('cabar', { ...customer, kprogName: 'cabar', custclass: 'subp' })).toBe(
      'brokerClient',
    )
    expect(customerVerdict('bclip', { ...customer, custclass: 'subp' })).toBe('allowed')
  })

  it('wants tax id 172 or 173 on dtcmyaccount', () => {
    const dtc = { ...customer, kprogName: 'dtcmyaccount' }
    expect(customerVerdict('dtcmyaccount', { ...dtc, taxId: '172' })).toBe('allowed')
    expect(customerVerdict('dtcmyaccount', { ...dtc, taxId: '173' })).toBe('allowed')
    expect(customerVerdict('dtcmyaccount', { ...dtc, taxId: '999' })).toBe('mismatch')
  })

  it('rejects a fidbond customer or an augustar membership on dtcmyaccount', () => {
    expect(
      customerVerdict('dtcmyaccount', { ...customer, kprogName: 'fidbond', taxId: '172' }),
    ).toBe('mismatch')
    expect(customerVerdict('dtcmyaccount', { ...customer, kprogName: 'onl', taxId: '172' })).toBe(
      'mismatch',
    )
  })
})

describe('Agent Numbers as agents have them (issue 27)', () => {
  const augustar = programOf('augustar')
  const bclip = programOf('bclip')

  it('keeps the six digits of ASF100002, 100002, spaces and dashes', () => {
    for (const typed of [
      'ASF100002',
      'asf100002',
      '100002',
      ' ASF 100-002 ',
      '100 002',
      '1000029',
    ]) {
      expect(agentNumberDigitsOf(augustar, typed)).toBe('100002')
    }
    expect(agentNumberDigitsOf(augustar, 'ASF100')).toBe('100')
  })

  it('gives the number the service knows, the same from either side', () => {
    expect(customerNumberFor(augustar, 'ASF 100-002')).toBe('ASF100002')
    expect(customerNumberFor(augustar, '100002')).toBe('ASF100002')
    expect(customerNumberFor(bclip, ' BC-12 ')).toBe('BC-12')
    expect(normalisedCustomerNumber('asf100002')).toBe('ASF100002')
    expect(normalisedCustomerNumber('ABC123')).toBe('ABC123')
  })
})
