import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../../', import.meta.url))

export const testDatabaseDir = (runId: number) => `${root}.tmp/test-db/${runId}`
export const templateDatabaseName = (runId: number) => `portal_template_${runId}`

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
