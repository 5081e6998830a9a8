import { describe, expect, it } from 'vitest'
import { isSameUsername, usernameKey } from './usernames.ts'

describe('usernameKey', () => {
  it('folds A-Z only, as lower(username COLLATE "C") does', () => {
    expect(usernameKey('FIDBOND_Demo_2')).toBe('fidbond_demo_2')
    // Beyond ASCII nothing is folded, on either side (whatever the database's locale).
    expect(usernameKey('ÉMILE_Ü')).toBe('Émile_Ü')
    expect(usernameKey('İSTANBUL')).toBe('İstanbul')
  })

  it('drops surrounding whitespace, as the login form judges a blank name (spec §5)', () => {
    expect(usernameKey(' Foo\t')).toBe('foo')
    expect(isSameUsername(' FOO', 'foo')).toBe(true)
    expect(usernameKey('Foo Bar')).toBe('foo bar')
  })

  it('makes names that differ only in case the same', () => {
    expect(isSameUsername('FOO1234', 'foo1234')).toBe(true)
    expect(isSameUsername('foo1234', 'foo12345')).toBe(false)
  })
})
