// One PGlite folder, one process (issue 12). Runs in the api-pglite project only.
import { afterAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import '../../src/testing/provided-context.ts'
import { cleanUp, portalAdmin, startService } from './processes.ts'

afterAll(cleanUp)

describe('one PGlite folder, one process', () => {
  it(
    'refuses portal-admin while the service holds the folder, and allows it after',
    { timeout: 180_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'portal-lock-'))
      const dataDir = join(dir, 'pglite')
      const admin = async () => {
        const { stdout, stderr, code } = await portalAdmin(dataDir, ['migrate'])
        return { code, output: stdout + stderr }
      }
      try {
        const service = await startService({ DATA_DIR: dataDir, DATABASE_URL: '' })
        const refused = await admin()
        expect(refused.code).toBe(1)
        expect(refused.output).toContain(
          `The embedded database in ${dataDir} is in use by process ${service.child.pid}`,
        )
        await service.stop()
        const allowed = await admin()
        expect(allowed.output).toMatch(/database \(pglite\) is up to date/i)
        expect(allowed.code).toBe(0)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  )
})
