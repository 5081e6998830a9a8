// Prepares, once per run, the database every test file starts from: a PGlite image, and a
// PostgreSQL template database when DATABASE_URL is set. Both are migrated and seeded.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import '../src/testing/provided-context.ts'
import { openDatabase, preparePgliteImage } from '../src/store/db.ts'
import { seedDemoData } from '../src/store/seed.ts'
import {
  adminQuery,
  testDatabaseDir,
  templateDatabaseName,
  withDatabase,
} from '../src/testing/databases.ts'

const dir = testDatabaseDir(process.pid)
const imagePath = `${dir}/pglite.tar.gz`
const template = templateDatabaseName(process.pid)

export default async function setup(project: TestProject) {
  if (!existsSync(imagePath)) {
    await mkdir(dir, { recursive: true })
    const image = await preparePgliteImage((db) => seedDemoData(db, new Date()))
    await writeFile(imagePath, Buffer.from(await image.arrayBuffer()))
  }
  project.provide('pgliteImagePath', imagePath)
  const url = process.env.DATABASE_URL
  if (url && project.name === 'api-postgres') {
    await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
    await adminQuery(url, `CREATE DATABASE ${template}`)
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, template) })
    // Stamped with the database's time, the timeline the apps under test keep.
    await seedDemoData(database.db, await database.readTime())
    await database.close()
  }
  project.provide('postgresTemplate', template)
  return async () => {
    if (url && project.name === 'api-postgres') {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
    }
    await rm(dir, { recursive: true, force: true })
  }
}
