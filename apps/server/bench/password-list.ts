// --- The common-password list (issue 28) -------------------------------------------------
// What the service keeps in memory for its check of every new password, and what one check
// costs. Baselines in the same run: the same keys in a Set<string> (the obvious form), and
// the five rules of spec §5 that every new password already passes through.
import {
  CompactPasswordList,
  contextWords,
  isGuessablePassword,
  passwordKeys,
  passwordScore,
  serviceListSize,
} from '@portal/contract'
import { readCommonPasswords } from '../src/modules/password/password-blocklist.ts'
import { fmt } from './lib.ts'

const mb = (bytes: number) => `${fmt(bytes / 1_048_576, 2)} MB`

/** Heap and array-buffer bytes held after `make`, as the process sees them. */
function held<T>(make: () => T): { value: T; bytes: number; ms: number } {
  const used = () => {
    const m = process.memoryUsage()
    return m.heapUsed + m.arrayBuffers
  }
  globalThis.gc?.()
  const before = used()
  const start = performance.now()
  const value = make()
  const ms = performance.now() - start
  globalThis.gc?.()
  return { value, bytes: used() - before, ms }
}

/** Microseconds per call of `check` over `inputs`, after a warm-up. */
function perCall(inputs: string[], check: (input: string) => unknown): number {
  for (const input of inputs.slice(0, 2000)) check(input)
  const rounds = 5
  const start = performance.now()
  for (let r = 0; r < rounds; r++) for (const input of inputs) check(input)
  return ((performance.now() - start) * 1000) / (rounds * inputs.length)
}

export function passwordList(): void {
  console.log('\nCommon-password list (issue 28)')
  const entries = readCommonPasswords(serviceListSize)
  const compact = held(() => CompactPasswordList.of(entries))
  const keys = new Set<string>()
  for (const entry of entries) for (const key of passwordKeys(entry)) keys.add(key)
  const asSet = held(() => new Set(keys))
  const list = compact.value
  console.log(`  entries read ${entries.length}, keys ${list.size} (${list.textLength} characters)`)
  console.log(
    `  compact list: built in ${fmt(compact.ms, 0)} ms, holds ${mb(compact.bytes)};` +
      ` a Set of the same keys ${mb(asSet.bytes)}: ratio ${fmt(compact.bytes / asSet.bytes, 2)}x` +
      (globalThis.gc ? '' : ' (no --expose-gc: heap figures are approximate)'),
  )
  // New passwords as people type them: half common (mangled), half random.
  const inputs = entries
    .slice(0, 5000)
    .map((entry, i) =>
      i % 2 ? `${entry[0]?.toUpperCase() ?? 'A'}${entry.slice(1)}1!` : `Zq${i}#${entry.length}xV`,
    )
  const context = contextWords({ username: 'dana_member', names: ['Dana'], program: 'bclip' })
  const rules = perCall(inputs, (p) => passwordScore(p))
  const check = perCall(inputs, (p) => isGuessablePassword(p, list, context))
  const setCheck = perCall(inputs, (p) => passwordKeys(p).some((key) => asSet.value.has(key)))
  const compactOnly = perCall(inputs, (p) => passwordKeys(p).some((key) => list.has(key)))
  console.log(`  five rules of §5 (baseline)   ${fmt(rules, 2).padStart(7)} µs per password`)
  console.log(
    `  guessable check, with context ${fmt(check, 2).padStart(7)} µs per password  ratio ${fmt(check / rules, 1)}x`,
  )
  console.log(
    `  list lookups: compact ${fmt(compactOnly, 2)} µs, Set ${fmt(setCheck, 2)} µs per password  ratio ${fmt(compactOnly / setCheck, 2)}x`,
  )
}
