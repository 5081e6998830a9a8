// The pl hand-off token (spec §4 "Hand-off when MFA completes", §9): the username AES-CBC
// encrypted with a fresh 16-byte initialisation vector, both base64 and URL-encoded, as the
// policy application expects.
//
// SECURITY (security review H3): CBC without a MAC is malleable — flipping bits of the IV
// turns one username into another without the key — and the URL never expired. With a MAC
// key agreed with the policy application's owner, the token also carries an expiry and an
// HMAC-SHA256 over IV, ciphertext and expiry; `openPlToken` is what the receiving side runs.
// Without a MAC key the spec's format is kept unchanged, for a receiver that knows nothing else.
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
  /** base64 HMAC-SHA256 over IV ‖ ciphertext ‖ expiry (signed tokens only). */
  macLogin?: string
}

const algorithmFor = (key: Buffer) => `aes-${key.length * 8}-cbc`

function macOf(key: Buffer, iv: Buffer, ciphertext: Buffer, expires: string): Buffer {
  return createHmac('sha256', key).update(iv).update(ciphertext).update(expires, 'utf8').digest()
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
  return {
    ...token,
    expiresLogin: expires,
    macLogin: macOf(keys.mac, iv, ciphertext, expires).toString('base64'),
  }
}

export type OpenedPlToken =
  | { ok: true; username: string }
  | { ok: false; reason: 'unreadable' | 'unsigned' | 'forged' | 'expired' }

/**
 * The receiving side: checks the MAC before decrypting anything (so a forged token reveals
 * nothing about the plaintext), then the expiry, then decrypts.
 */
export function openPlToken(
  keys: PlTokenKeys,
  query: Partial<Record<keyof PlToken, string>>,
  now: Date,
): OpenedPlToken {
  const iv = Buffer.from(query.initVectorLogin ?? '', 'base64')
  const ciphertext = Buffer.from(query.customerName ?? '', 'base64')
  if (iv.length !== 16 || ciphertext.length === 0) return { ok: false, reason: 'unreadable' }
  if (keys.mac) {
    const expires = query.expiresLogin ?? ''
    if (!/^\d{1,12}$/.test(expires) || !query.macLogin) return { ok: false, reason: 'unsigned' }
    const expected = macOf(keys.mac, iv, ciphertext, expires)
    const given = Buffer.from(query.macLogin, 'base64')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'forged' }
    }
    if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' }
  }
  try {
    const decipher = createDecipheriv(algorithmFor(keys.encryption), keys.encryption, iv)
    const username = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')
    return { ok: true, username }
  } catch {
    return { ok: false, reason: 'unreadable' }
  }
}
