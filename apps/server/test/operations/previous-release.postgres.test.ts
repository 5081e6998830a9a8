// Issue 41, upgrades: during a rolling update the old release's pods serve on the new schema
// (the migration Job runs first), so every migration must keep the previous release working
// (docs/decisions/0024-upgrades-and-rollback.md). Proven here: the release before the newest
// migration, built from git as its image would be, runs its own demo seeding and a whole
// sign-in on a database the current migrations made.
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smtpReceiver } from '../smtp-receiver.ts'
import { adminEntry, Browser, cleanUp, createDatabase, root, until } from './processes.ts'
import { demoPassword } from '../harness.ts'

const run = promisify(execFile)
const git = async (...args: string[]) => (await run('git', args, { cwd: root })).stdout.trim()

/**
 * The release the newest migration came after: the parent of the commit that added it (or
 * HEAD, while that migration is not yet committed).
 */
async function previousRelease(): Promise<string> {
  const journal = JSON.parse(
    await readFile(join(root, 'apps/server/drizzle/meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] }
  const newest = journal.entries.at(-1)?.tag
  const added = await git(
    'log',
    '--diff-filter=A',
    '--format=%H',
    '-1',
    '--',
    `apps/server/drizzle/${newest}.sql`,
  )
  if (!added) return git('rev-parse', 'HEAD')
  return git('rev-parse', '--verify', `${added}^`).catch(() => {
    throw new Error(`the history before ${added} is missing: clone without --depth`)
  })
}

const scratch = await mkdtemp(join(tmpdir(), 'portal-previous-'))
let release: string
let smtp: Awaited<ReturnType<typeof smtpReceiver>>

beforeAll(async () => {
  release = await previousRelease()
  await run('sh', ['-c', `git archive --format=tar ${release} | tar -x -C "${scratch}"`], {
    cwd: root,
  })
  // Built as its image's build stage builds it.
  const env = { ...process.env, npm_config_update_notifier: 'false' }
  await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: scratch, env, maxBuffer: 64 << 20 })
  await run('npm', ['run', 'build'], { cwd: scratch, env, maxBuffer: 64 << 20 })
  smtp = await smtpReceiver()
}, 600_000)

afterAll(async () => {
  await smtp?.close()
  await cleanUp()
  await rm(scratch, { recursive: true, force: true })
})

describe('the previous release on the schema the current migrations make', () => {
  it(
    'seeds its demo data and carries a whole sign-in, from the password to the hand-off',
    {
      timeout: 180_000,
    },
    async () => {
      const databaseUrl = await createDatabase('empty')
      const migrated = await run(process.execPath, ['--import', 'tsx', adminEntry, 'migrate'], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATABASE_URL: databaseUrl },
      })
      expect(migrated.stdout).toMatch(/Applied [1-9]\d* migration/)

      const child = spawn(
        process.execPath,
        ['--require', './apps/server/dist/thread-pool.cjs', 'apps/server/dist/server.js', '--demo'],
        {
          cwd: scratch,
          env: {
            PATH: process.env.PATH ?? '',
            NODE_ENV: 'test',
            HOST: '127.0.0.1',
            PORT: '0',
            DATABASE_URL: databaseUrl,
            MIGRATE_ON_START: 'false',
            SMTP_URL: smtp.url,
            RATE_LIMIT_PER_CLIENT: '100000',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      const logs: string[] = []
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.stdout.on('data', (chunk: Buffer) => logs.push(chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()))
      try {
        const base = await until(() => {
          if (child.exitCode !== null) throw new Error(`${release} exited:\n${logs.join('')}`)
          return /Program Portal on (http:\/\/[^/\s]+)\/usweb\/login/.exec(logs.join(''))?.[1]
        }, 60_000)
        const browser = new Browser({ mfadeviceprint: 'previous-release' })
        const password = await browser.call(
          base,
          '/api/us-web-authentication/authenticate',
          { userName: 'bclip_demo', password: demoPassword, velLevel1Org: '100' },
          true,
        )
        expect(await password.json(), logs.join('')).toMatchObject({
          message: 'Authentication Successful',
        })
        const found = await browser.call(base, '/api/customer-api/find', {
          clientPrefix: 'bclip',
          customerNumber: 'BC10001',
          level1Org: '100',
        })
        expect(await found.json()).toMatchObject({ verdict: 'allowed' })
        const decision = await browser.call(base, '/api/mfa/getMFAUser')
        expect(await decision.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
        await browser.call(base, '/api/mfa/submitVerification', { rgValue: 'email' })
        const mail = await until(() => smtp.received.find((m) => m.to === 'bclip.demo@example.com'))
        const code = /verification code is: (\d{6})/.exec(mail.data)?.[1] ?? ''
        const entered = await browser.call(base, '/api/mfa/enterverificationcode', {
          verificationCode: code,
        })
        expect(await entered.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
        expect((await browser.call(base, '/api/portal/handoff', {})).status).toBe(200)
      } finally {
        child.kill('SIGTERM')
        await exited
      }
    },
  )
})
