import { describe, expect, it } from 'vitest'
import { flavourOfAddress, isSafeLink, programOfLoginAddress, telHref } from './links.ts'

describe('telHref', () => {
  it('dials a US number with its country code however it is written', () => {
    expect(telHref('8005550100')).toBe('tel:+18005550100')
    expect(telHref('1-800-555-0100')).toBe('tel:+18005550100')
    expect(telHref('1.800.555.0100')).toBe('tel:+18005550100')
  })

  it('keeps the digits of anything else as they are', () => {
    expect(telHref('555-0100')).toBe('tel:5550100')
  })
})

describe('programOfLoginAddress (spec §1)', () => {
  it('takes a usweb program from prgName, else from the path', () => {
    expect(programOfLoginAddress('/usweb/login', '?prgName=fidbond&level1Org=200')).toBe('fidbond')
    expect(programOfLoginAddress('/usweb/login', 'prgName=FIDBOND')).toBe('fidbond')
    expect(programOfLoginAddress('/usweb/augustar/login', '')).toBe('augustar')
  })

  it("gives pl's program in the pl area, whatever the address names", () => {
    expect(flavourOfAddress('/proliability/login')).toBe('pl')
    expect(flavourOfAddress('/PROLIABILITY/login')).toBe('pl')
    expect(programOfLoginAddress('/proliability/login', '?prgName=fidbond')).toBe('proliability')
  })

  it('names no program for a usweb address without one, nor pl outside its area', () => {
    expect(programOfLoginAddress('/usweb/login', '')).toBeUndefined()
    expect(programOfLoginAddress('/usweb/login', '?prgName=proliability')).toBeUndefined()
    expect(flavourOfAddress('/proliabilityx/login')).toBe('usweb')
  })
})

describe('isSafeLink', () => {
  it('takes paths on this site and http(s) addresses', () => {
    expect(isSafeLink('/demo/association/privacy')).toBe(true)
    expect(isSafeLink('https://example.com/terms')).toBe(true)
    expect(isSafeLink('http://example.com')).toBe(true)
  })

  it('refuses another site written as a path, other schemes, and what is not text', () => {
    expect(isSafeLink('//evil.example/path')).toBe(false)
    expect(isSafeLink('/\\evil.example')).toBe(false)
    expect(isSafeLink('javascript:alert(1)')).toBe(false)
    expect(isSafeLink('mailto:a@example.com')).toBe(false)
    expect(isSafeLink('example.com')).toBe(false)
    expect(isSafeLink('')).toBe(false)
    expect(isSafeLink(undefined)).toBe(false)
  })
})
