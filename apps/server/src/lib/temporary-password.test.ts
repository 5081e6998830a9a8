// Issue 27 (problem 8): a temporary password easy to type on a phone, still meeting spec §5.
import { describe, expect, it } from 'vitest'
import { passwordScore, specialCharacters } from '@portal/contract'
import { isGuessableFor } from '../modules/password/password-blocklist.ts'
import {
  generateTemporaryPassword,
  temporaryPasswordAlphabet,
  temporaryPasswordGroups,
} from './passwords.ts'

describe('generateTemporaryPassword', () => {
  const draws = Array.from({ length: 500 }, () => generateTemporaryPassword())

  it('meets every rule of spec §5', () => {
    for (const password of draws) expect(passwordScore(password)).toBe(5)
  })

  it('has no look-alike characters, exactly one symbol, in groups of four', () => {
    for (const password of draws) {
      expect(password).toMatch(/^[A-Z][a-z]{7}[2-9]{4}[!$&]$/)
      expect(password).not.toMatch(/[0O1lIoq]/)
      expect([...password].filter((c) => specialCharacters.includes(c))).toHaveLength(1)
      expect(temporaryPasswordGroups(password).join('')).toBe(password)
      expect(temporaryPasswordGroups(password)).toHaveLength(4)
    }
    expect([...temporaryPasswordAlphabet.symbols].every((c) => specialCharacters.includes(c))).toBe(
      true,
    )
    // Random: 500 draws, (almost surely) 500 passwords.
    expect(new Set(draws).size).toBeGreaterThan(495)
  })

  it('draws again while the guessable-password check refuses a draw', () => {
    const refused: string[] = []
    const password = generateTemporaryPassword((draw) => {
      if (refused.length < 3) {
        refused.push(draw)
        return true
      }
      return false
    })
    expect(refused).toHaveLength(3)
    expect(refused).not.toContain(password)
    // The service's own check passes what it returns, with the member's context.
    const context = { username: 'bclip_demo', program: 'bclip' }
    const checked = generateTemporaryPassword((draw) => isGuessableFor(draw, context))
    expect(isGuessableFor(checked, context)).toBe(false)
  })
})
