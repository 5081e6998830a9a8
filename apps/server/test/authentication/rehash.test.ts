// Rehash on sign-in (issue 25): a hash made with older parameters is replaced by one with the
// configured parameters after a right password, in the background; a wrong password never
// touches it. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { hash, verify } from '@node-rs/argon2'
import { describe, expect, it, vi } from 'vitest'
import { authMessages } from '@portal/contract'
import {
  needsRehash,
  passwordHashingLoad,
  passwordHashParameters,
  rehashAfterSignIn,
} from '../../src/lib/passwords.ts'
import { appForFile, accountOf, demoPassword, rehashStore, setPasswordHash } from '../harness.ts'

const t = appForFile()

const { memoryCost, timeCost, parallelism } = passwordHashParameters
const configured = `$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`
// Older parameters: less memory and one pass (algorithm 2 is argon2id).
const olderHash = (password: string) =>
  hash(password, { algorithm: 2, memoryCost: 8192, timeCost: 1, parallelism: 1 })

const stored = (username: string) => accountOf(t, username)
const setHash = (username: string, passwordHash: string) =>
  setPasswordHash(t, username, passwordHash)

/** Lets any background hash finish, so that "unchanged" is not read too early. */
async function settled() {
  await vi.waitFor(() => expect(passwordHashingLoad()).toMatchObject({ running: 0, waiting: 0 }))
  await new Promise((resolve) => setTimeout(resolve, 200))
}

describe('rehash on sign-in', () => {
  it('tells older parameters from the configured ones', async () => {
    expect(needsRehash(await olderHash('x'))).toBe(true)
    expect(needsRehash((await stored('fidbond_demo')).passwordHash)).toBe(false)
    expect(needsRehash('$argon2i$v=19$m=65536,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true)
    expect(needsRehash('$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaA')).toBe(false)
    expect(needsRehash('not a hash')).toBe(false)
  })

  it('replaces a hash with older parameters after a right password, keeping the password', async () => {
    const older = await olderHash(demoPassword)
    await setHash('bclip_demo', older)
    const before = await stored('bclip_demo')
    const answer = await t.client().login('bclip_demo', demoPassword)
    expect(answer.json()).toMatchObject({ message: authMessages.success })
    await vi.waitFor(async () => expect((await stored('bclip_demo')).passwordHash).not.toBe(older))
    const after = await stored('bclip_demo')
    expect(after.passwordHash.startsWith(configured)).toBe(true)
    expect(await verify(after.passwordHash, demoPassword)).toBe(true)
    // Not a password change: its date stays, and the next sign-in works with the new hash.
    expect(after.passwordChangedAt).toEqual(before.passwordChangedAt)
    const again = await t.client().login('bclip_demo', demoPassword)
    expect(again.json()).toMatchObject({ message: authMessages.success })
    await settled()
    expect((await stored('bclip_demo')).passwordHash).toBe(after.passwordHash)
  })

  it('never rehashes after a wrong password', async () => {
    const older = await olderHash(demoPassword)
    await setHash('equipmentrenew_demo', older)
    const answer = await t.client().login('equipmentrenew_demo', 'Wrong#2026x')
    expect(answer.json()).toEqual({ message: authMessages.attempt1 })
    await settled()
    expect((await stored('equipmentrenew_demo')).passwordHash).toBe(older)
  })

  it('leaves a hash alone that changed since it was verified', async () => {
    const older = await olderHash(demoPassword)
    await setHash('cabar_demo', older)
    const user = await stored('cabar_demo')
    // A password change lands between the verify and the store: the rehash must not undo it.
    const changed = await olderHash('Amber#Harbor26')
    await setHash('cabar_demo', changed)
    expect(await rehashAfterSignIn(user, demoPassword, rehashStore(t))).toBe(false)
    expect((await stored('cabar_demo')).passwordHash).toBe(changed)
  })
})
