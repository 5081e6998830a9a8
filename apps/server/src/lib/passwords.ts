// argon2id at (at least) OWASP's minimum: 19 MiB, 2 passes, 1 lane. @node-rs/argon2 runs
// hashing on libuv's thread pool, off the event loop.
//
// Bounded: at most `concurrency` hashes run at once (the cores) and at most `queue` wait.
// Beyond that the caller gets a fast 503 with the technical-difficulties message instead of
// a pile of waiting requests; health checks and cheap calls never wait for a hash.
import { randomInt } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'
import { messages, specialCharacters } from '@portal/contract'
import { HttpError } from '../plugins/errors.ts'

// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }

/**
 * One hash at once per core (decision 0014, replacing 0009's cores but one): measured on 2
 * cores, 40% more sign-ins, for a cheap-call p99 under a wrong-password flood of about 30 ms
 * instead of 20. src/thread-pool.cjs computes the same default to size libuv's pool before
 * it starts.
 */
export const defaultHashConcurrency = availableParallelism()

let bounds = { concurrency: defaultHashConcurrency, queue: 32 }
let running = 0
let finished = 0
const waiting: (() => void)[] = []

/** PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE; applies to the whole process. */
export function setPasswordHashingBounds(next: { concurrency: number; queue: number }): void {
  bounds = { ...next }
}

/** Hashes running and waiting now, and finished so far (the bench and tests look). */
export function passwordHashingLoad(): { running: number; waiting: number; finished: number } {
  return { running, waiting: waiting.length, finished }
}

const busy = () => new HttpError(503, messages.login.technicalDifficulties, 1)

/** Throws the 503 now when a hash would be refused, before any other work is done for it. */
export function assertHashingCapacity(): void {
  if (running >= bounds.concurrency && waiting.length >= bounds.queue) throw busy()
}

async function bounded<T>(task: () => Promise<T>): Promise<T> {
  if (running >= bounds.concurrency) {
    if (waiting.length >= bounds.queue) throw busy()
    // The finishing task hands its slot straight over, so `running` stays as it is.
    await new Promise<void>((resolve) => waiting.push(resolve))
  } else {
    running++
  }
  try {
    return await task()
  } finally {
    finished++
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(password, options))
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return bounded(() => verify(passwordHash, password).catch(() => false))
}

// Verifying against this for unknown usernames and locked accounts keeps their answer as
// slow as a real one, so timing does not reveal which usernames exist or are locked.
let dummyHash: Promise<string> | undefined
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('dummy-password-for-timing-1!', options)
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
