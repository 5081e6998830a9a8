import { createHash, createHmac, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { deriveKey, hmac, open, seal, sha256 } from './crypto.ts'

describe('keys kept as KeyObjects', () => {
  it('give the HMAC a raw key gives, every time', () => {
    const key = deriveKey('secret', 'purpose')
    const expected = createHmac('sha256', key).update('nonce|cookie').digest('base64url')
    expect(hmac(key, 'nonce|cookie')).toBe(expected)
    expect(hmac(key, 'nonce|cookie')).toBe(expected)
    expect(hmac(deriveKey('secret', 'other'), 'nonce|cookie')).not.toBe(expected)
    expect(hmac('a string key', 'x')).toBe(
      createHmac('sha256', 'a string key').update('x').digest('base64url'),
    )
  })

  it('seal and open with the same key only', () => {
    const key = randomBytes(32)
    const sealed = seal(key, 'the hand-off secret')
    expect(open(key, sealed)).toBe('the hand-off secret')
    expect(open(randomBytes(32), sealed)).toBeUndefined()
  })

  it('hash a session id as createHash does', () => {
    for (const value of ['', 'a', randomBytes(32).toString('base64url'), 'ñ é ü']) {
      expect(sha256(value)).toBe(createHash('sha256').update(value).digest('base64url'))
    }
  })
})
