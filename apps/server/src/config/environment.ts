// Reading the environment against the settings' schema (settings.ts), and the URL rule
// production holds every address to.
import { EnvSchema } from '../settings.ts'
import { configError } from './errors.ts'

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost'])

/** Absolute https; http only on a loopback host and only when the test setting allows it. */
export function isProductionUrl(value: string, allowLoopbackHttp: boolean): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol === 'https:') return true
  return allowLoopbackHttp && url.protocol === 'http:' && loopbackHosts.has(url.hostname)
}

/** Which settings the environment gives, and the problems with them (zod's, by name). */
export function parseEnvironment(env: NodeJS.ProcessEnv) {
  // A variable set to nothing (`DATABASE_URL=`) means "not set", as in most shells' usage.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const problems: string[] = []
  const invalid = new Set<string>()
  let parsed = EnvSchema.safeParse(present)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.')}: ${issue.message}`)
      invalid.add(String(issue.path[0]))
    }
    // The rest is still judged, so that every problem is named at once.
    const valid = Object.fromEntries(Object.entries(present).filter(([key]) => !invalid.has(key)))
    parsed = EnvSchema.safeParse(valid)
    if (!parsed.success) throw configError(problems)
  }
  return { e: parsed.data, present, problems, invalid }
}
