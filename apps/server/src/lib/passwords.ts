// argon2id at (at least) OWASP's minimum: 19 MiB, 2 passes, 1 lane. @node-rs/argon2 runs
// hashing on libuv's thread pool, off the event loop.
import { randomInt } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import { specialCharacters } from '@portal/contract'

// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false)
}

// Verifying against this for unknown usernames keeps their answer as slow as a real one,
// so timing does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-1!')
  await verifyPassword(await dummyHash, password)
  return false
}

/** A random temporary password that satisfies every rule of spec §5. */
export function generateTemporaryPassword(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  const digits = '23456789'
  const pick = (set: string) => set[randomInt(set.length)] ?? ''
  const all = letters + digits + specialCharacters
  const chars = [pick(letters), pick(digits), pick(specialCharacters)]
  while (chars.length < 14) chars.push(pick(all))
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? '']
  }
  return chars.join('')
}
