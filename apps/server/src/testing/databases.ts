import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = fileURLToPath(new URL('../../../../', import.meta.url))

export const testDatabaseDir = (runId: number) => `${root}.tmp/test-db/${runId}`
export const templateDatabaseName = (runId: number) => `portal_template_${runId}`

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

/** Runs one statement on its own connection: creating and dropping databases. */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}
