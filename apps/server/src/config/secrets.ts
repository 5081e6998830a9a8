// The secrets' rules: the demo's public values, the list SESSION_SECRET holds while it
// rotates, and how random a secret looks.
/**
 * Demo-mode secrets are fixed and public so that a restarted demo can still read what it
 * sealed (sessions, outbox). Production refuses to start without its own.
 */
export const demoSessionSecret = 'demo-only-session-secret-never-use-in-production'

/** `new,old`: a comma never occurs in base64, so the values are split there. */
export const listOfSecrets = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter((secret) => secret !== '')

/** Known to the demo policy-app receiver; production must configure its own. */
export const demoPlHandoffKey = Buffer.from('program-portal-demo-handoff-key!', 'utf8')
export const demoPlHandoffMacKey = Buffer.from(
  'program-portal-demo-handoff-mac-key-never-in-production',
  'utf8',
)

/** Roughly how many bits of randomness a secret shows (its characters' Shannon entropy). */
export function estimatedEntropyBits(secret: string): number {
  const counts = new Map<string, number>()
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1)
  let bitsPerChar = 0
  for (const n of counts.values()) {
    const p = n / secret.length
    bitsPerChar -= p * Math.log2(p)
  }
  return bitsPerChar * secret.length
}
