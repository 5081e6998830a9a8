import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  acceptedEncoding,
  matchesEtag,
  prepareAnswer,
  preparedAnswers,
  referenceCacheControl,
} from './reference-answers.ts'

describe('reference answers', () => {
  it('encode a large answer once in brotli and gzip, each copy with its own strong ETag', () => {
    const value = Array.from({ length: 100 }, (_, i) => ({
      countryName: `Country ${i}`,
      dialPrefix: String(i),
    }))
    const answer = prepareAnswer(value)
    const json = JSON.stringify(value)
    expect(answer.identity.body).toBe(json)
    expect(brotliDecompressSync(answer.br?.body ?? Buffer.alloc(0)).toString()).toBe(json)
    expect(gunzipSync(answer.gzip?.body ?? Buffer.alloc(0)).toString()).toBe(json)
    const etags = [answer.identity.etag, answer.br?.etag, answer.gzip?.etag]
    expect(new Set(etags).size).toBe(3)
    for (const etag of etags) expect(etag).toMatch(/^"[\w-]+"$/)
    // Each copy's headers, made once: its own ETag and encoding, the same caching.
    for (const [copy, encoding] of [
      [answer.identity, undefined],
      [answer.br, 'br'],
      [answer.gzip, 'gzip'],
    ] as const) {
      expect(copy?.headers).toEqual({
        'cache-control': referenceCacheControl,
        etag: copy?.etag,
        vary: 'accept-encoding',
        'content-type': 'application/json; charset=utf-8',
        ...(encoding ? { 'content-encoding': encoding } : {}),
      })
    }
  })

  it('leave a small answer as it is, and give another ETag to another content', () => {
    const answer = prepareAnswer({ PHONE: '8005551234' })
    expect(answer.br).toBeUndefined()
    expect(answer.gzip).toBeUndefined()
    expect(answer.identity.headers).not.toHaveProperty('vary')
    expect(answer.identity.headers).not.toHaveProperty('content-encoding')
    expect(prepareAnswer({ PHONE: '8005551235' }).identity.etag).not.toBe(answer.identity.etag)
  })

  it('prepare each value once: objects by identity, strings by value', () => {
    let encoded = 0
    const prepared = preparedAnswers((key: object | string) => {
      encoded++
      return key
    })
    const list = [{ a: 1 }]
    expect(prepared(list)).toBe(prepared(list))
    expect(prepared('x')).toBe(prepared('x'))
    expect(encoded).toBe(2)
    prepared([{ a: 1 }])
    expect(encoded).toBe(3)
  })

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['gzip;q=0, *;q=0.1', 'br'],
    ['gzip;q=0, br;q=0', undefined],
  ])('read Accept-Encoding %j as %j', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected)
  })

  it('compare If-None-Match weakly against one ETag', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true)
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true)
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true)
    expect(matchesEtag('*', '"abc"')).toBe(true)
    expect(matchesEtag('"abc-br"', '"abc"')).toBe(false)
    expect(matchesEtag(undefined, '"abc"')).toBe(false)
  })
})
