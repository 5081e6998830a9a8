// Reference data (countries, a program's customer-service phone) is the same for everyone and
// changes only by import or seeding. Each answer is encoded once per loaded value: its JSON,
// brotli and gzip copies, and a strong ETag per copy. Browsers keep it for an hour
// (Cache-Control public) and then ask again with If-None-Match, which costs a 304 and no body.
// Never for anything that depends on who asks: those answers keep `no-store`
// (plugins/security.ts).
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Route options of a reference GET: it compresses its own answers (once, not per request;
 * @fastify/compress stays out) and reads no session.
 */
export const referenceRoute = {
  compress: false,
  decompress: false,
  config: { needsNoSession: true },
} as const

export const referenceCacheControl = 'public, max-age=3600, stale-while-revalidate=86400'

/** Below this an answer goes as it is (as @fastify/compress's threshold in app.ts). */
const compressAbove = 1024

type Encoding = 'br' | 'gzip'

interface Copy {
  /** JSON as a string: Node writes it in one piece with the headers (a Buffer takes two). */
  body: string | Buffer
  etag: string
  /** The copy's headers, made once: each request sets them with one call (issue 45). */
  headers: Readonly<Record<string, string>>
}

export interface PreparedAnswer {
  identity: Copy
  br?: Copy
  gzip?: Copy
}

const jsonType = 'application/json; charset=utf-8'

/** A copy with its headers; `isNegotiated` when the answer has compressed copies too. */
function copyOf(
  body: string | Buffer,
  etag: string,
  isNegotiated: boolean,
  encoding?: Encoding,
): Copy {
  const headers: Record<string, string> = {
    'cache-control': referenceCacheControl,
    etag,
    ...(isNegotiated ? { vary: 'accept-encoding' } : {}),
    'content-type': jsonType,
    ...(encoding ? { 'content-encoding': encoding } : {}),
  }
  return { body, etag, headers: Object.freeze(headers) }
}

export function prepareAnswer(value: unknown): PreparedAnswer {
  const text = JSON.stringify(value)
  const json = Buffer.from(text)
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27)
  const isCompressed = json.length >= compressAbove
  const answer: PreparedAnswer = { identity: copyOf(text, `"${hash}"`, isCompressed) }
  if (isCompressed) {
    const br = brotliCompressSync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    })
    answer.br = copyOf(br, `"${hash}-br"`, true, 'br')
    answer.gzip = copyOf(gzipSync(json, { level: 9 }), `"${hash}-gz"`, true, 'gzip')
  }
  return answer
}

/**
 * Prepares each value once: objects by identity (the reference cache hands out the same
 * object until it reloads), strings by value.
 */
export function preparedAnswers<K extends object | string>(
  encode: (key: K) => unknown,
): (key: K) => PreparedAnswer {
  const byObject = new WeakMap<object, PreparedAnswer>()
  const byString = new Map<string, PreparedAnswer>()
  return (key) => {
    const cache = (typeof key === 'string' ? byString : byObject) as Map<K, PreparedAnswer>
    let answer = cache.get(key)
    if (!answer) {
      answer = prepareAnswer(encode(key))
      cache.set(key, answer)
    }
    return answer
  }
}

/** The encoding the client prefers among those it accepts (br over gzip when equal). */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  return (header && (negotiate(header, ['br', 'gzip']) as Encoding | null)) || undefined
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 says). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** Sends a prepared answer (or 304 when the browser holds this copy already). */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
): FastifyReply {
  const encoding = answer.br ? acceptedEncoding(request.headers['accept-encoding']) : undefined
  const copy = (encoding && answer[encoding]) ?? answer.identity
  if (matchesEtag(request.headers['if-none-match'], copy.etag)) {
    // A 304 carries the copy's validators and caching, no body (RFC 9110 §15.4.5).
    void reply.header('cache-control', referenceCacheControl).header('etag', copy.etag)
    if (answer.br) void reply.header('vary', 'accept-encoding')
    return reply.code(304).send()
  }
  return reply.headers(copy.headers).send(copy.body)
}
