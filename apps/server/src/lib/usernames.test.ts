import { describe, expect, it } from 'vitest'
import { isSameUsername, usernameKey } from './usernames.ts'

describe('usernameKey', () => {
  it('folds A-Z only, as lower(username COLLATE "C") does', () => {
    expect(usernameKey('FIDBOND_Demo_2')).toBe('fidbond_demo_2')
    // Beyond ASCII nothing is folded, on either side (whatever the database's locale).
    expect(usernameKey('ÉMILE_Ü')).toBe('Émile_Ü')
    expect(usernameKey('İSTANBUL')).toBe('İstanbul')
  })

  it('keeps spaces: a padded name is another name, for accounts and counters alike', () => {
    expect(usernameKey(' Foo ')).toBe(' foo ')
    expect(isSameUsername(' foo', 'foo')).toBe(false)
  })

  it('makes names that differ only in case the same', () => {
    expect(isSameUsername('FOO1234', 'foo1234')).toBe(true)
    expect(isSameUsername('foo1234', 'foo12345')).toBe(false)
  })
})
