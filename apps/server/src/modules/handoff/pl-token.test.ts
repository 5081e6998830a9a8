import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { memoryNonces, openPlToken, plTokenLifetimeSeconds, sealPlToken } from './pl-token.ts'

const keys = { encryption: randomBytes(32), mac: randomBytes(32) }
const now = new Date(Date.now())
const secondsLater = (seconds: number) => new Date(now.getTime() + seconds * 1000)
/** The receiver, with a fresh memory of the nonces it has accepted. */
const open = (
  token: Parameters<typeof openPlToken>[1],
  at = now,
  keysUsed: Parameters<typeof openPlToken>[0] = keys,
) => openPlToken(keysUsed, token, at, memoryNonces())

/** The security review's H3 attack: make the first block decrypt to another name, without the key. */
function flipFirstBlock(
  token: { customerName: string; initVectorLogin: string },
  from: string,
  to: string,
) {
  const iv = Buffer.from(token.initVectorLogin, 'base64')
  const pad = (text: string) => {
    const block = Buffer.alloc(16, 16 - Math.min(text.length, 16))
    block.write(text.slice(0, 16), 'utf8')
    return block
  }
  const [was, wanted] = [pad(from), pad(to)]
  for (let i = 0; i < 16; i++) iv[i] = (iv[i] ?? 0) ^ (was[i] ?? 0) ^ (wanted[i] ?? 0)
  return { ...token, initVectorLogin: iv.toString('base64') }
}

describe('the pl hand-off token', () => {
  it('opens to the username it was sealed with, inside its lifetime', async () => {
    const token = sealPlToken(keys, 'proliability_demo', now)
    expect(token.expiresLogin).toBe(
      String(Math.floor(now.getTime() / 1000) + plTokenLifetimeSeconds),
    )
    expect(await open(token, secondsLater(plTokenLifetimeSeconds - 1))).toEqual({
      ok: true,
      username: 'proliability_demo',
    })
  })

  it('shows that without a MAC a flipped IV turns one user into another (the spec format alone)', async () => {
    const unsigned = { encryption: keys.encryption }
    const token = sealPlToken(unsigned, 'victim_pl', now)
    expect(Object.keys(token).sort()).toEqual(['customerName', 'initVectorLogin', 'loginRedirect'])
    const forged = flipFirstBlock(token, 'victim_pl', 'attacker')
    expect(await open(forged, now, unsigned)).toEqual({ ok: true, username: 'attacker' })
  })

  it('refuses the same IV flip when the token is signed', async () => {
    const token = sealPlToken(keys, 'victim_pl', now)
    const forged = flipFirstBlock(token, 'victim_pl', 'attacker')
    expect(await open(forged)).toEqual({ ok: false, reason: 'forged' })
  })

  it('refuses a stretched expiry, a dropped MAC, and a token past its minute', async () => {
    const token = sealPlToken(keys, 'proliability_demo', now)
    const later = String(Number(token.expiresLogin) + 3600)
    expect((await open({ ...token, expiresLogin: later })).ok).toBe(false)
    expect(await open({ ...token, macLogin: undefined })).toEqual({
      ok: false,
      reason: 'unsigned',
    })
    expect(await open(token, secondsLater(plTokenLifetimeSeconds))).toEqual({
      ok: false,
      reason: 'expired',
    })
  })

  it('refuses a token sealed under another MAC key', async () => {
    const token = sealPlToken({ ...keys, mac: randomBytes(32) }, 'proliability_demo', now)
    expect(await open(token)).toEqual({ ok: false, reason: 'forged' })
  })

  it('carries a fresh nonce under the MAC, and the receiver accepts each once', async () => {
    const nonces = memoryNonces()
    const token = sealPlToken(keys, 'proliability_demo', now)
    expect(Buffer.from(token.nonceLogin ?? '', 'base64')).toHaveLength(16)
    expect(sealPlToken(keys, 'proliability_demo', now).nonceLogin).not.toBe(token.nonceLogin)
    expect(await openPlToken(keys, token, now, nonces)).toEqual({
      ok: true,
      username: 'proliability_demo',
    })
    expect(await openPlToken(keys, token, secondsLater(1), nonces)).toEqual({
      ok: false,
      reason: 'replayed',
    })
    // Another nonce on the same token is a forgery, and a dropped one is no longer signed.
    const otherNonce = sealPlToken(keys, 'proliability_demo', now).nonceLogin
    expect(await openPlToken(keys, { ...token, nonceLogin: otherNonce }, now, nonces)).toEqual({
      ok: false,
      reason: 'forged',
    })
    expect(await openPlToken(keys, { ...token, nonceLogin: undefined }, now, nonces)).toEqual({
      ok: false,
      reason: 'unsigned',
    })
  })

  it('spends no nonce on a forged token', async () => {
    const nonces = memoryNonces()
    const token = sealPlToken(keys, 'proliability_demo', now)
    const forged = flipFirstBlock(token, 'proliability_de', 'victim_pl')
    expect((await openPlToken(keys, forged, now, nonces)).ok).toBe(false)
    expect((await openPlToken(keys, token, now, nonces)).ok).toBe(true)
  })

  it('keeps the unsigned format byte for byte: three parameters, the username alone encrypted', () => {
    const token = sealPlToken({ encryption: keys.encryption }, 'proliability_demo', now)
    expect(token).toEqual({
      loginRedirect: 'y',
      customerName: expect.any(String),
      initVectorLogin: expect.any(String),
    })
    expect(Buffer.from(token.customerName, 'base64')).toHaveLength(32)
  })

  it('opens, during a rotation, what either pair sealed; and after it, only the new pair', async () => {
    const renewed = { encryption: randomBytes(32), mac: randomBytes(32) }
    const overlap = [renewed, keys]
    // The portal still issues with the old pair, then switches: both open in the overlap.
    for (const sealedWith of [keys, renewed]) {
      expect(await open(sealPlToken(sealedWith, 'proliability_demo', now), now, overlap)).toEqual({
        ok: true,
        username: 'proliability_demo',
      })
    }
    // The old pair dropped: what it sealed is a forgery now.
    expect(await open(sealPlToken(keys, 'proliability_demo', now), now, [renewed])).toEqual({
      ok: false,
      reason: 'forged',
    })
    // A MAC of one pair on a ciphertext of the other opens nothing.
    const mixed = { ...sealPlToken(renewed, 'victim_pl', now) }
    const fromOld = sealPlToken(keys, 'proliability_demo', now)
    expect(await open({ ...fromOld, macLogin: mixed.macLogin }, now, overlap)).toEqual({
      ok: false,
      reason: 'forged',
    })
  })
})
