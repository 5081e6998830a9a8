// The service as separate processes (issue 12): real child processes, a throwaway
// PostgreSQL database, an SMTP receiver, and a browser-like client for calls between them.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { inject } from 'vitest'
import { adminQuery, withDatabase } from '../../src/testing/databases.ts'
import '../../src/testing/provided-context.ts'

export const root = fileURLToPath(new URL('../../../../', import.meta.url))
export const serverEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url))
/** What npm run serve preloads (node --require): the thread pool sized to the hashing. */
const threadPoolPreload = fileURLToPath(new URL('../../src/thread-pool.cjs', import.meta.url))
export const adminEntry = fileURLToPath(new URL('../../src/cli/portal-admin.ts', import.meta.url))
export const postgresUrl = process.env.DATABASE_URL

/**
 * portal-admin as an operator runs it, in its own process, on the embedded database in
 * `dataDir` (demo settings, `env` added). Answers its output and exit code; a failing command
 * is an answer too, not a throw.
 */
export async function portalAdmin(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string; code: number }> {
  const run = promisify(execFile)
  return run(process.execPath, ['--import', 'tsx', adminEntry, '--demo', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, ...env },
  }).then(
    ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
    (error: { stdout: string; stderr: string; code: number }) => error,
  )
}
export const onPostgres = process.env.TEST_DATABASE === 'postgres' && Boolean(postgresUrl)
export const onPglite = process.env.TEST_DATABASE === 'pglite'

export interface Service {
  child: ChildProcess
  url: string
  logs: string[]
  stop(): Promise<void>
}

export const running: Service[] = []
export const databases: string[] = []
/**
 * Stops every service started and drops every database made (afterAll of each file), and
 * forgets them: the next file in the same worker shares this module (vitest.config.ts).
 */
export async function cleanUp(): Promise<void> {
  await Promise.all(running.splice(0).map((s) => s.stop()))
  for (const name of databases.splice(0))
    await adminQuery(postgresUrl ?? '', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

/** A new database: empty, or a copy of the migrated and seeded test template. */
export async function createDatabase(from: 'empty' | 'template'): Promise<string> {
  const name = `portal_p_${randomBytes(6).toString('hex')}`
  databases.push(name)
  const template = from === 'template' ? ` TEMPLATE ${inject('postgresTemplate')}` : ''
  await adminQuery(postgresUrl ?? '', `CREATE DATABASE ${name}${template}`)
  return withDatabase(postgresUrl ?? '', name)
}

/** Starts `src/server.ts` in a child process (demo settings) and waits until it listens. */
export function startService(env: Record<string, string>): Promise<Service> {
  const child = spawn(
    process.execPath,
    ['--require', threadPoolPreload, '--import', 'tsx', serverEntry],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        DEMO_MODE: 'true',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        RATE_LIMIT_PER_CLIENT: '100000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const logs: string[] = []
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const service = (url: string): Service => ({
    child,
    url,
    logs,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  })
  return new Promise((resolve, reject) => {
    let buffered = ''
    const read = (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        logs.push(line)
        const listening = /Program Portal on (http:\/\/[^/\s]+)\/usweb\/login/.exec(line)
        if (listening?.[1]) {
          const started = service(listening[1])
          running.push(started)
          resolve(started)
        }
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) =>
      reject(new Error(`service exited (${code}) before listening:\n${logs.join('\n')}`)),
    )
  })
}

/** One browser: a cookie jar, and the anti-forgery header on every change. */
export class Browser {
  private readonly cookies = new Map<string, string>()
  constructor(private readonly headers: Record<string, string> = {}) {}

  async call(base: string, path: string, body?: object, form = false): Promise<Response> {
    const headers: Record<string, string> = {
      ...this.headers,
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    }
    if (body) {
      if (!this.cookies.has('XSRF-TOKEN')) await this.call(base, '/usweb/login') // the page's token
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? ''
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json'
    }
    const response = await fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers,
      body: body
        ? form
          ? new URLSearchParams(body as Record<string, string>).toString()
          : JSON.stringify(body)
        : undefined,
    })
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';')
      const [name, ...value] = (pair ?? '').split('=')
      if (!name) continue
      if (value.join('=') === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(setCookie)) {
        this.cookies.delete(name)
      } else this.cookies.set(name, value.join('='))
    }
    return response
  }
}

export async function until<T>(check: () => Promise<T | undefined> | T | undefined, ms = 30_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
