// One PGlite folder, one process (issue 12). Runs in the api-pglite project only.
import { afterAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import '../../src/testing/provided-context.ts'
import { adminEntry, cleanUp, root, startService } from './processes.ts'

afterAll(cleanUp)

describe('one PGlite folder, one process', () => {
  it(
    'refuses portal-admin while the service holds the folder, and allows it after',
    { timeout: 180_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'portal-lock-'))
      const dataDir = join(dir, 'pglite')
      const admin = () =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', adminEntry, '--demo', 'migrate'],
            {
              cwd: root,
              env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DATABASE_URL: '' },
            },
          )
          let output = ''
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
          child.once('exit', (code) => resolve({ code, output }))
        })
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
