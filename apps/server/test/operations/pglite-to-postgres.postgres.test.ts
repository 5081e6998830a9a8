// Issue 41: a pilot that ran on the embedded PGlite moves to PostgreSQL with
// `portal-admin copy-from-pglite <data-dir>` (src/cli/pglite-to-postgres.ts). Its members sign
// in on PostgreSQL as before, and new rows continue after the copied ones; a target at another
// schema version, or one already holding data, is refused with nothing written.
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { copyPgliteToPostgres } from '../../src/cli/pglite-to-postgres.ts'
import { migratePostgres, openDatabase } from '../../src/store/db.ts'
import { auditLog, mailingAddresses, users } from '../../src/store/schema.ts'
import { adminQuery, withDatabase } from '../../src/testing/databases.ts'
import '../../src/testing/provided-context.ts'
import { demoPassword, testConfig, TestClient } from '../harness.ts'

const serverUrl = process.env.DATABASE_URL ?? ''
const created: string[] = []
let pilotDir: string

/** A new PostgreSQL database with this release's migrations applied, nothing else. */
async function migratedDatabase(): Promise<string> {
  const name = `portal_move_${randomBytes(5).toString('hex')}`
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`)
  created.push(name)
  const url = withDatabase(serverUrl, name)
  await migratePostgres(url)
  return url
}

beforeAll(async () => {
  // The pilot: the service's own PGlite folder, migrated, with the demo members, and a program
  // phone an operator changed (reference rows are the pilot's, not the defaults).
  // Written from the suite's prepared image (migrated, demo data seeded): faster than seeding.
  pilotDir = join(await mkdtemp(join(tmpdir(), 'portal-pilot-')), 'pglite')
  const image = new Blob([await readFile(inject('pgliteImagePath'))])
  const pilot = await PGlite.create({ dataDir: pilotDir, loadDataDir: image })
  await pilot.query(`update mailing_addresses set phone = '3125550199' where program = 'bclip'`)
  await pilot.close()
})
afterAll(async () => {
  for (const name of created) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
  await rm(join(pilotDir, '..'), { recursive: true, force: true })
})

describe('copy-from-pglite', () => {
  it('moves every table of a PGlite pilot to PostgreSQL, where its members sign in', async () => {
    const url = await migratedDatabase()
    const report = await copyPgliteToPostgres({ dataDir: pilotDir, url })
    const copied = Object.fromEntries(report.tables.map((table) => [table.name, table.rows]))
    expect(copied.users).toBeGreaterThan(0)
    expect(copied.customers).toBeGreaterThan(0)
    expect(report.sequences).toBeGreaterThan(0)

    const database = await openDatabase({ kind: 'postgres', url, migrate: false })
    const app = await buildApp({ config: testConfig(), database })
    try {
      const counted = await database.db.select({ n: sql<number>`count(*)::int` }).from(users)
      expect(counted[0]?.n).toBe(copied.users)
      const phone = await database.db
        .select({ phone: mailingAddresses.phone })
        .from(mailingAddresses)
        .where(eq(mailingAddresses.program, 'bclip'))
      expect(phone).toEqual([{ phone: '3125550199' }])
      // A moved member signs in; the sign-in writes new rows (audit, session), whose ids come
      // from the carried-over sequences.
      const auditBefore = await database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)
      const browser = new TestClient(app)
      const login = await browser.login('bclip_demo', demoPassword)
      expect(login.json()).toMatchObject({ message: 'Authentication Successful' })
      const auditAfter = await database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)
      expect(auditAfter[0]?.n).toBeGreaterThan(auditBefore[0]?.n ?? 0)
    } finally {
      await app.close()
      await database.close()
    }

    // Copying again onto what now holds the pilot's data is refused.
    await expect(copyPgliteToPostgres({ dataDir: pilotDir, url })).rejects.toThrow(
      /not empty \(\w+ has rows\)/,
    )
  })

  it('refuses a database at another schema version, and writes nothing', async () => {
    const url = await migratedDatabase()
    // As a database one release behind: its newest migration not applied.
    await adminQuery(
      url,
      'DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)',
    )
    await expect(copyPgliteToPostgres({ dataDir: pilotDir, url })).rejects.toThrow(
      /schema versions differ/,
    )
    const database = await openDatabase({ kind: 'postgres', url, migrate: false })
    try {
      const counted = await database.db.select({ n: sql<number>`count(*)::int` }).from(users)
      expect(counted[0]?.n).toBe(0)
    } finally {
      await database.close()
    }
  })
})
