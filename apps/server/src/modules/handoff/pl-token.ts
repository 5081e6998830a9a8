// The pl hand-off token (spec §4 "Hand-off when MFA completes", §9): the username AES-CBC
// encrypted with a fresh 16-byte initialisation vector, both base64 and URL-encoded, as the
// policy application expects.
//
// SECURITY (security review H3): CBC without a MAC is malleable — flipping bits of the IV
// turns one username into another without the key — and the URL never expired. With a MAC
// key agreed with the policy application's owner, the token also carries an expiry, a random
// nonce and an HMAC-SHA256 over IV, ciphertext, expiry and nonce; `openPlToken` is what the
// receiving side runs, and it accepts each nonce once (a URL seen in a log, a history or a
// Referer cannot be followed again within its minute). Without a MAC key the spec's format is
// kept byte for byte, for a receiver that knows nothing else: production then starts only when
// PL_HANDOFF_ALLOW_UNSIGNED says so (config.ts), and warns at every start.
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'

/** How long a signed hand-off URL may be followed: one redirect, with room for a slow phone. */
export const plTokenLifetimeSeconds = 60

export interface PlTokenKeys {
  /** AES key of 16, 24 or 32 bytes (PL_HANDOFF_KEY). */
  encryption: Buffer
  /** HMAC-SHA256 key (PL_HANDOFF_MAC_KEY); without it the token is the spec's, unsigned. */
  mac?: Buffer | undefined
}

/** The query parameters of the hand-off URL. */
export interface PlToken {
  loginRedirect: 'y'
  customerName: string
  initVectorLogin: string
  /** Unix seconds after which the receiver refuses the token (signed tokens only). */
  expiresLogin?: string
  /** base64 of 16 random bytes; the receiver accepts each once (signed tokens only). */
  nonceLogin?: string
  /** base64 HMAC-SHA256 over IV ‖ ciphertext ‖ expiry ‖ nonce (signed tokens only). */
  macLogin?: string
}

/**
 * The receiver's memory of the nonces it has accepted. `firstUse` records the nonce until
 * `untilMs` (the token's expiry: after it the token is refused anyway) and answers whether it
 * was new. With several receiving instances the memory must be shared, and the check and the
 * record one atomic step (a counter's INCR in Redis, an insert on a unique key in a database).
 */
export interface NonceMemory {
  firstUse(nonce: string, untilMs: number, nowMs: number): Promise<boolean>
}

/** One process's memory: enough for a single receiving instance (and for tests). */
export function memoryNonces(): NonceMemory {
  const seen = new Map<string, number>()
  return {
    async firstUse(nonce, untilMs, nowMs) {
      // Expired nonces can go: their tokens are refused before the nonce is looked at.
      for (const [known, until] of seen) if (until <= nowMs) seen.delete(known)
      if (seen.has(nonce)) return false
      seen.set(nonce, untilMs)
      return true
    },
  }
}

const algorithmFor = (key: Buffer) => `aes-${key.length * 8}-cbc`

const nonceBytes = 16

// The nonce, of fixed length, comes last, so the digits of the expiry before it are unambiguous.
function macOf(key: Buffer, iv: Buffer, ciphertext: Buffer, expires: string, nonce: Buffer) {
  return createHmac('sha256', key)
    .update(iv)
    .update(ciphertext)
    .update(expires, 'utf8')
    .update(nonce)
    .digest()
}

export function sealPlToken(keys: PlTokenKeys, username: string, now: Date): PlToken {
  const iv = randomBytes(16)
  const cipher = createCipheriv(algorithmFor(keys.encryption), keys.encryption, iv)
  const ciphertext = Buffer.concat([cipher.update(username, 'utf8'), cipher.final()])
  const token: PlToken = {
    loginRedirect: 'y',
    customerName: ciphertext.toString('base64'),
    initVectorLogin: iv.toString('base64'),
  }
  if (!keys.mac) return token
  const expires = String(Math.floor(now.getTime() / 1000) + plTokenLifetimeSeconds)
  const nonce = randomBytes(nonceBytes)
  return {
    ...token,
    expiresLogin: expires,
    nonceLogin: nonce.toString('base64'),
    macLogin: macOf(keys.mac, iv, ciphertext, expires, nonce).toString('base64'),
  }
}

export type OpenedPlToken =
  | { ok: true; username: string }
  | { ok: false; reason: 'unreadable' | 'unsigned' | 'forged' | 'expired' | 'replayed' }

/**
 * The receiving side: checks the MAC before decrypting anything (so a forged token reveals
 * nothing about the plaintext), then the expiry, then that the nonce is new (only a genuine,
 * live token spends one), then decrypts.
 *
 * `accepted` may hold several key pairs, newest first: the overlap of a key rotation
 * (README, "Rotating the hand-off keys"). A signed token is opened with the pair whose MAC it
 * carries; an unsigned one (the spec's format names no key) with the first pair only.
 */
export async function openPlToken(
  accepted: PlTokenKeys | readonly PlTokenKeys[],
  query: Partial<Record<keyof PlToken, string>>,
  now: Date,
  nonces: NonceMemory,
): Promise<OpenedPlToken> {
  const pairs = [accepted].flat()
  const iv = Buffer.from(query.initVectorLogin ?? '', 'base64')
  const ciphertext = Buffer.from(query.customerName ?? '', 'base64')
  if (iv.length !== 16 || ciphertext.length === 0) return { ok: false, reason: 'unreadable' }
  let keys = pairs[0]
  if (!keys) return { ok: false, reason: 'unreadable' }
  if (keys.mac) {
    const expires = query.expiresLogin ?? ''
    const nonce = Buffer.from(query.nonceLogin ?? '', 'base64')
    if (!/^\d{1,12}$/.test(expires) || nonce.length !== nonceBytes || !query.macLogin) {
      return { ok: false, reason: 'unsigned' }
    }
    const given = Buffer.from(query.macLogin, 'base64')
    const isSignedWith = ({ mac }: PlTokenKeys) => {
      const expected = mac && macOf(mac, iv, ciphertext, expires, nonce)
      return (
        expected !== undefined &&
        given.length === expected.length &&
        timingSafeEqual(given, expected)
      )
    }
    keys = pairs.find(isSignedWith)
    if (!keys) return { ok: false, reason: 'forged' }
    const expiresMs = Number(expires) * 1000
    if (expiresMs <= now.getTime()) return { ok: false, reason: 'expired' }
    // The nonce's canonical form: another base64 spelling of the same bytes is the same nonce.
    if (!(await nonces.firstUse(nonce.toString('base64'), expiresMs, now.getTime()))) {
      return { ok: false, reason: 'replayed' }
    }
  }
  try {
    const decipher = createDecipheriv(algorithmFor(keys.encryption), keys.encryption, iv)
    const username = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')
    return { ok: true, username }
  } catch {
    return { ok: false, reason: 'unreadable' }
  }
}
