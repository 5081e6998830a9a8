import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openPlToken, plTokenLifetimeSeconds, sealPlToken } from './pl-token.ts'

const keys = { encryption: randomBytes(32), mac: randomBytes(32) }
const now = new Date(Date.now())
const secondsLater = (seconds: number) => new Date(now.getTime() + seconds * 1000)

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
  it('opens to the username it was sealed with, inside its lifetime', () => {
    const token = sealPlToken(keys, 'proliability_demo', now)
    expect(token.expiresLogin).toBe(
      String(Math.floor(now.getTime() / 1000) + plTokenLifetimeSeconds),
    )
    expect(openPlToken(keys, token, secondsLater(plTokenLifetimeSeconds - 1))).toEqual({
      ok: true,
      username: 'proliability_demo',
    })
  })

  it('shows that without a MAC a flipped IV turns one user into another (the spec format alone)', () => {
    const unsigned = { encryption: keys.encryption }
    const token = sealPlToken(unsigned, 'victim_pl', now)
    expect(Object.keys(token).sort()).toEqual(['customerName', 'initVectorLogin', 'loginRedirect'])
    const forged = flipFirstBlock(token, 'victim_pl', 'attacker')
    expect(openPlToken(unsigned, forged, now)).toEqual({ ok: true, username: 'attacker' })
  })

  it('refuses the same IV flip when the token is signed', () => {
    const token = sealPlToken(keys, 'victim_pl', now)
    const forged = flipFirstBlock(token, 'victim_pl', 'attacker')
    expect(openPlToken(keys, forged, now)).toEqual({ ok: false, reason: 'forged' })
  })

  it('refuses a stretched expiry, a dropped MAC, and a token past its minute', () => {
    const token = sealPlToken(keys, 'proliability_demo', now)
    const later = String(Number(token.expiresLogin) + 3600)
    expect(openPlToken(keys, { ...token, expiresLogin: later }, now).ok).toBe(false)
    expect(openPlToken(keys, { ...token, macLogin: undefined }, now)).toEqual({
      ok: false,
      reason: 'unsigned',
    })
    expect(openPlToken(keys, token, secondsLater(plTokenLifetimeSeconds))).toEqual({
      ok: false,
      reason: 'expired',
    })
  })

  it('refuses a token sealed under another MAC key', () => {
    const token = sealPlToken({ ...keys, mac: randomBytes(32) }, 'proliability_demo', now)
    expect(openPlToken(keys, token, now)).toEqual({ ok: false, reason: 'forged' })
  })
})
