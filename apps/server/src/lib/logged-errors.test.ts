import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { serializedError, withoutQueryValues } from './logged-errors.ts'

const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g'
const query = 'update "users" set "password_hash" = $1 where "users"."id" = $2'
const failed = () =>
  new DrizzleQueryError(query, [hash, 7], new Error('relation "users" does not exist'))

describe('a logged error', () => {
  it("keeps a failed statement's text and its cause, never its values", () => {
    const logged = serializedError(failed())
    const text = JSON.stringify(logged)
    expect(logged.type).toBe('DrizzleQueryError')
    expect(logged.message).toContain(`Failed query: ${query}`)
    expect(logged.message).toContain('relation "users" does not exist')
    expect(logged.stack).toMatch(/\n {4}at /)
    expect(text).not.toContain(hash)
    expect(text).not.toContain('params')
  })

  it('cleans a statement wrapped in another error, and leaves the error itself as it was', () => {
    const inner = failed()
    const outer = new Error('sign-in failed', { cause: inner })
    const text = JSON.stringify(serializedError(outer))
    expect(text).toContain('sign-in failed')
    expect(text).toContain('Failed query')
    expect(text).not.toContain(hash)
    // Whoever still holds the errors reads them unchanged.
    expect(outer.cause).toBe(inner)
    expect(inner.params).toEqual([hash, 7])
  })

  it('is the same error when nothing in it carries values', () => {
    const plain = new Error('plain', { cause: new Error('below') })
    expect(withoutQueryValues(plain)).toBe(plain)
    expect(withoutQueryValues('a string')).toBe('a string')
  })
})
