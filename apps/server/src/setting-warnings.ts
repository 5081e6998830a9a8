// Warnings at start for variables that look like the service's own but are not read
// (`REDIS_URI` for REDIS_URL): a typo in a deployment is named instead of ignored.
import { settingNames } from './settings.ts'

/** Variables of the runtime, the shell or the platform that the service does not read. */
// OTEL_: the OpenTelemetry exporter reads its own (OTEL_EXPORTER_OTLP_HEADERS and the like).
const foreignPrefixes = ['NODE_', 'NPM_', 'npm_', 'UV_', 'KUBERNETES_', 'VITEST', 'TEST_', 'OTEL_']
/** Read by portal-admin, not the service: who is acting, for the audit rows. */
const toolSettings = new Set(['PORTAL_OPERATOR'])

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution)
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

/**
 * Variables that look like the service's own but are not read: a typo (`REDIS_URI`), a
 * near-miss of a known name, or anything starting PORTAL_. One line each, with the setting
 * it probably meant; the service still starts.
 */
export function unknownSettingWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  const known = new Set(settingNames)
  const families = new Set(
    settingNames.filter((name) => name.includes('_')).map((name) => `${name.split('_')[0]}_`),
  )
  families.delete('NODE_')
  const warnings: string[] = []
  for (const name of Object.keys(env)) {
    if (known.has(name) || toolSettings.has(name)) continue
    if (foreignPrefixes.some((prefix) => name.startsWith(prefix))) continue
    const nearest = settingNames
      .map((setting) => ({ setting, distance: editDistance(name, setting) }))
      .sort((a, b) => a.distance - b.distance)[0]
    const isNearMiss = nearest !== undefined && name.length >= 6 && nearest.distance <= 2
    const isFamily = [...families].some((family) => name.startsWith(family))
    if (!isNearMiss && !isFamily && !name.startsWith('PORTAL_')) continue
    const hint = nearest && nearest.distance <= 3 ? ` (did you mean ${nearest.setting}?)` : ''
    warnings.push(`${name}: not a setting of this service, ignored${hint}`)
  }
  return warnings
}
