// A PostgreSQL cluster of the test's own (initdb, pg_ctl), on a free port in a temporary
// folder: stopped, paused (SIGSTOP) and resumed by the test, never the shared server on 5432.
// Debian's `postgresql` package provides the binaries under /usr/lib/postgresql/<n>/bin; as
// root they run as the `postgres` user (PostgreSQL refuses to run as root).
import { execFileSync, spawnSync } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export function postgresBinaries(): string {
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  const version = versions[0]
  if (version === undefined) {
    throw new Error(
      'These tests start a private PostgreSQL cluster and need initdb and pg_ctl from ' +
        "Debian's `postgresql` package (/usr/lib/postgresql/<n>/bin): apt-get install postgresql",
    )
  }
  return join(base, version, 'bin')
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

const isRoot = process.getuid?.() === 0

/** util-linux's runuser, by its path: a PATH without the sbin folders does not find it. */
function runuser(): string {
  return ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find(existsSync) ?? 'runuser'
}

/** Runs a PostgreSQL binary as the postgres user when we are root. */
function runAsPostgres(binary: string, args: string[]): string {
  const [command, commandArgs] = isRoot
    ? [runuser(), ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args]
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', timeout: 60_000 })
  if (result.status !== 0) {
    const why = result.error ? String(result.error) : `${result.stdout}\n${result.stderr}`
    throw new Error(`${binary} ${args.join(' ')} failed:\n${why}`)
  }
  return result.stdout
}

/** The postmaster and every process it started (backends, checkpointer, walwriter, …). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
    } catch {
      // gone meanwhile
    }
  }
  const all = [root]
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i] ?? -1) ?? []))
  return all
}

export interface PrivatePostgres {
  port: number
  /** A URL for `database` on this cluster (user postgres, trust authentication). */
  url(database?: string): string
  createDatabase(name: string): void
  stop(): void
  start(): void
  /** Every process of the cluster stopped with SIGSTOP: connections open, nothing answers. */
  pause(): void
  resume(): void
  /** Every process of the cluster killed (SIGKILL), as a crashed host: start() recovers it. */
  kill(): void
  destroy(): void
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries()
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'))
  chmodSync(dir, 0o755)
  const data = join(dir, 'data')
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  runAsPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  const pgCtl = (args: string[]) => runAsPostgres(join(bin, 'pg_ctl'), ['-D', data, ...args])
  const start = () => pgCtl(['-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start'])
  start()
  const postmaster = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  const signalAll = (signal: NodeJS.Signals) => {
    if (!existsSync(join(data, 'postmaster.pid'))) return // not running
    for (const pid of processTree(postmaster())) {
      try {
        process.kill(pid, signal)
      } catch {
        // exited meanwhile
      }
    }
  }
  const psql = join(bin, 'psql')
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    createDatabase(name) {
      runAsPostgres(psql, ['-h', '127.0.0.1', '-p', String(port), '-c', `CREATE DATABASE ${name}`])
    },
    stop: () => void pgCtl(['-m', 'immediate', '-w', 'stop']),
    start: () => void start(),
    pause: () => signalAll('SIGSTOP'),
    resume: () => signalAll('SIGCONT'),
    kill() {
      const pids = processTree(postmaster())
      signalAll('SIGKILL')
      // Gone, or a zombie nobody reaps yet (PID 1 of a container may be slow to): either way
      // dead. A zombie postmaster still answers kill(pid, 0), so its lock file would refuse the
      // next start, as a stale one does after a host crash: it goes, as an operator's would.
      const isDead = (pid: number) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
          return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
        } catch {
          return true
        }
      }
      const deadline = Date.now() + 10_000
      while (!pids.every(isDead) && Date.now() < deadline) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20)
      }
      rmSync(join(data, 'postmaster.pid'), { force: true })
      rmSync(join(dir, `.s.PGSQL.${port}.lock`), { force: true })
      rmSync(join(dir, `.s.PGSQL.${port}`), { force: true })
    },
    destroy() {
      try {
        signalAll('SIGCONT')
        if (existsSync(join(data, 'postmaster.pid'))) pgCtl(['-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
