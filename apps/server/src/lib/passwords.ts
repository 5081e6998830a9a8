// argon2id at (at least) OWASP's minimum: 19 MiB, 2 passes, 1 lane. @node-rs/argon2 runs
// hashing on libuv's thread pool, off the event loop.
//
// Bounded: at most `concurrency` hashes run at once (the cores) and at most `queue` wait.
// Beyond that the caller gets a fast 503 with the technical-difficulties message instead of
// a pile of waiting requests; health checks and cheap calls never wait for a hash.
import { randomInt } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'
import { traced } from '../tracing.ts'
import { hashWorkers, type HashWorkers } from './hash-workers.ts'
import { ServiceUnavailable } from './unavailable.ts'

// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }

/** The parameters new hashes are made with; a stored hash below them is redone at sign-in. */
export const passwordHashParameters = {
  memoryCost: options.memoryCost,
  timeCost: options.timeCost,
  parallelism: options.parallelism,
} as const

/**
 * One hash at once per core (decision 0014, replacing 0009's cores but one): measured on 2
 * cores, 40% more sign-ins, for a cheap-call p99 under a wrong-password flood of about 30 ms
 * instead of 20. src/thread-pool.cjs computes the same default to size libuv's pool before
 * it starts.
 */
export const defaultHashConcurrency = availableParallelism()

let bounds = { concurrency: defaultHashConcurrency, queue: 32, busyWaitMs: 1000 }
let running = 0
let finished = 0
const waiting: (() => void)[] = []
/** The low-priority hashing threads (lib/hash-workers.ts); none: libuv's pool. */
let workers: HashWorkers | undefined

/**
 * PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE, PASSWORD_HASH_BUSY_WAIT_MS and
 * PASSWORD_HASH_THREADS; applies to the whole process. `threads` hashes in worker threads at a
 * lower priority, nice 10 (the default), false on libuv's thread pool at the event loop's
 * priority.
 */
export function setPasswordHashingBounds(next: {
  concurrency: number
  queue: number
  busyWaitMs?: number
  threads?: boolean
}): void {
  const hadWorkers = workers
  bounds = { concurrency: next.concurrency, queue: next.queue, busyWaitMs: next.busyWaitMs ?? 0 }
  workers = next.threads === false ? undefined : hashWorkers(next.concurrency)
  void hadWorkers?.close()
}

function argon2Hash(password: string): Promise<string> {
  return workers
    ? (workers.run({ op: 'hash', a: password, options }) as Promise<string>)
    : hash(password, options)
}

function argon2Verify(passwordHash: string, password: string): Promise<boolean> {
  return workers
    ? (workers.run({ op: 'verify', a: passwordHash, b: password }) as Promise<boolean>)
    : verify(passwordHash, password)
}

/** Hashes running and waiting now, and finished so far (the bench and tests look). */
export function passwordHashingLoad(): { running: number; waiting: number; finished: number } {
  return { running, waiting: waiting.length, finished }
}

// Answered 503 with the technical-difficulties message and Retry-After 1 (plugins/errors.ts).
const busy = () => new ServiceUnavailable(1, 'password hashing is saturated', 'password_hashing')

const isSaturated = () => running >= bounds.concurrency && waiting.length >= bounds.queue

/**
 * Before any other work is done for a sign-in: when a hash would be refused, the caller is
 * held `busyWaitMs` (a timer: no work) and looks once more; still full, the 503. A flood's
 * connections then come back at most once per wait instead of as fast as the event loop can
 * refuse them, which is what kept cheap calls waiting under a flood (decision 0019); a member
 * caught in a short burst is served a moment later instead of refused.
 */
export async function awaitHashingCapacity(): Promise<void> {
  if (!isSaturated()) return
  const waitMs = bounds.busyWaitMs
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs))
  if (isSaturated()) throw busy()
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

// A span each when tracing is on (src/tracing.ts), its wait for a hashing slot included.
export function hashPassword(password: string): Promise<string> {
  return traced('password hash', { 'portal.password.operation': 'hash' }, () =>
    bounded(() => argon2Hash(password)),
  )
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return traced('password hash', { 'portal.password.operation': 'verify' }, () =>
    bounded(() => argon2Verify(passwordHash, password).catch(() => false)),
  )
}

// Verifying against this for unknown usernames and locked accounts keeps their answer as
// slow as a real one, so timing does not reveal which usernames exist or are locked.
let dummyHash: Promise<string> | undefined
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= argon2Hash('dummy-password-for-timing-1!')
  await verifyPassword(await dummyHash, password)
  return false
}

// --- Rehash on sign-in -----------------------------------------------------------------------
//
// A raise of the parameters above reaches every member who signs in: after a successful
// verify, a stored hash made with older (weaker) parameters is replaced by one made with the
// configured ones. Only after a right password (the password is known to be the member's),
// in the background (the answer does not wait, so its timing is the same either way), at most
// once at a time per hash in this process, and stored only if the hash is still the one that
// was verified (a password change or another instance's rehash meanwhile wins).

const phc = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/

/**
 * Whether a stored hash should be made again: not argon2id version 19, or any of memory,
 * passes and lanes below the configured ones. A hash this cannot read is left as it is (its
 * verify fails anyway).
 */
export function needsRehash(passwordHash: string): boolean {
  const match = phc.exec(passwordHash)
  if (!match) return false
  const [, algorithm, version, m, t, p] = match
  return (
    algorithm !== 'argon2id' ||
    Number(version) !== 19 ||
    Number(m) < passwordHashParameters.memoryCost ||
    Number(t) < passwordHashParameters.timeCost ||
    Number(p) < passwordHashParameters.parallelism
  )
}

/** Where a rehash is stored: only while the stored hash is still `from`; true if it was. */
export type ReplacePasswordHash = (userId: number, from: string, to: string) => Promise<boolean>

const rehashing = new Set<string>()

/**
 * After a verified sign-in: when `passwordHash` needs it, hashes `password` again with the
 * configured parameters and stores it through `replace`. Never throws (a rehash that fails,
 * or finds the hashing pool saturated, is left for the next sign-in); resolves to whether a
 * new hash was stored. Callers do not await it: `void rehashAfterSignIn(...)`.
 */
export async function rehashAfterSignIn(
  user: { id: number; passwordHash: string },
  password: string,
  replace: ReplacePasswordHash,
): Promise<boolean> {
  const from = user.passwordHash
  if (!needsRehash(from) || rehashing.has(from)) return false
  // Sign-ins come first: with hashes already waiting for a slot, this one waits for a later sign-in.
  if (waiting.length > 0) return false
  rehashing.add(from)
  try {
    const to = await hashPassword(password)
    return await replace(user.id, from, to)
  } catch {
    return false
  } finally {
    rehashing.delete(from)
  }
}

/**
 * Issue 27 (problem 8): a random temporary password that is easy to read and to type on a
 * phone, and satisfies every rule of spec §5: two four-letter groups that can be said aloud
 * (the first capitalised), four digits and one symbol from the first symbol page of phone
 * keyboards, e.g. `Bavukemi4827!`. No look-alike characters (0 O o, 1 l I, and y q). About
 * 38 bits: it works once, for 24 hours at most, behind the sign-in's attempt limits and
 * lock. `isGuessable` (the service's common-password check with the member's context) is
 * asked, and a guessable draw is drawn again.
 */
export function generateTemporaryPassword(
  isGuessable: (password: string) => boolean = () => false,
): string {
  for (let tries = 0; ; tries++) {
    const password = temporaryPasswordDraw()
    if (tries >= 20 || !isGuessable(password)) return password
  }
}

export const temporaryPasswordAlphabet = {
  consonants: 'bcdfghjkmnprstvwxz',
  vowels: 'aeiu',
  digits: '23456789',
  symbols: '!$&',
} as const

function temporaryPasswordDraw(): string {
  const { consonants, vowels, digits, symbols } = temporaryPasswordAlphabet
  const pick = (set: string) => set[randomInt(set.length)] ?? ''
  const syllables = () => pick(consonants) + pick(vowels) + pick(consonants) + pick(vowels)
  const first = syllables()
  const letters = first.charAt(0).toUpperCase() + first.slice(1) + syllables()
  const numbers = Array.from({ length: 4 }, () => pick(digits)).join('')
  return `${letters}${numbers}${pick(symbols)}`
}

/** The password in groups of four for reading aloud: `Bavu kemi 4827 !`. */
export function temporaryPasswordGroups(password: string): string[] {
  return password.match(/.{1,4}/g) ?? [password]
}
