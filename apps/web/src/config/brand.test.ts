import { describe, expect, it } from 'vitest'
import { programCodes } from '@portal/contract'
import { programBrands } from './brand.ts'

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05)

describe('program brands', () => {
  it('carry white button text at 4.5:1 or better, at rest and on hover', () => {
    for (const code of programCodes) {
      const brand = programBrands[code]
      expect(contrastWithWhite(brand.colour), code).toBeGreaterThanOrEqual(4.5)
      expect(contrastWithWhite(brand.hover), code).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('give each program a mark of its own: no two share both colour and shape, nor a colour', () => {
    const colours = programCodes.map((code) => programBrands[code].colour)
    expect(new Set(colours).size).toBe(programCodes.length)
    const marks = programCodes.map(
      (code) => `${programBrands[code].shape} ${programBrands[code].monogram}`,
    )
    expect(new Set(marks).size).toBe(programCodes.length)
  })
})
