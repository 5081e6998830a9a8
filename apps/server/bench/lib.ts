// What the benchmark sections share: number formatting, services in child processes, and
// load loops.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export const root = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * CPU seconds a process has used, all its threads (Linux /proc; undefined elsewhere). On a
 * machine others load too, CPU per operation says more than operations per second. With
 * `thread`, that thread's only (the main thread's id is the process id).
 */
export function cpuSecondsOf(pid: number | undefined, thread?: number): number | undefined {
  try {
    const path =
      thread === undefined ? `/proc/${pid ?? 'self'}/stat` : `/proc/${pid}/task/${thread}/stat`
    const fields = readFileSync(path, 'utf8').split(') ')[1]?.split(' ')
    return (Number(fields?.[11]) + Number(fields?.[12])) / 100 // utime + stime, in ticks of 10 ms
  } catch {
    return undefined
  }
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits)
export const kb = (bytes: number) => `${fmt(bytes / 1024)} KB`

/**
 * The device cookie's mark of the bench's trusted device where the bench writes the
 * known-device rows itself (scale.ts); serve.ts's own portal passes a code and reports its mark.
 */
export const benchDeviceMark = 'bench-device'

// --- Services in child processes ----------------------------------------------------------

let bundled: Promise<string> | undefined
/**
 * serve.ts compiled as build.mjs compiles the service (one ES module, npm packages external,
 * no names kept), so that the bench measures the JavaScript `npm run serve` runs: under tsx
 * every function carries esbuild's `__name` wrapper, 1–2% of a sign-in's event loop
 * (docs/performance/sign-in.md). It sits one folder below apps/server, as dist/ does, so the
 * service's paths resolve alike.
 */
export function bundledServe(): Promise<string> {
  bundled ??= (async () => {
    const outfile = join(root, 'apps/server/bench-dist/serve.js')
    await build({
      absWorkingDir: join(root, 'apps/server'),
      entryPoints: ['bench/serve.ts'],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      logLevel: 'warning',
      plugins: [
        {
          name: 'external-packages',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
            )
          },
        },
      ],
    })
    return outfile
  })()
  return bundled
}

/** `env` adds to the bench's environment (e.g. BENCH_DATABASE_URL, see serve.ts). */
export async function serve(
  kind: 'portal' | 'baseline' | 'floor',
  env: Record<string, string> = {},
): Promise<{
  port: number
  child: ChildProcess
  deviceMark: string
  /** Statements the portal has sent to its database so far (its own counter, see serve.ts). */
  queryCount: () => Promise<number>
  /** The PostgreSQL database serve.ts made for it (with DATABASE_URL; undefined otherwise). */
  database: string | undefined
}> {
  const child = spawn(
    process.execPath,
    [
      // Sized as the service's thread pool is (src/thread-pool.cjs, as npm run serve does).
      '--require',
      join(root, 'apps/server/src/thread-pool.cjs'),
      await bundledServe(),
      kind,
    ],
    {
      // The IPC channel answers queryCount() (serve.ts).
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      env: { ...process.env, ...env },
    },
  )
  type Started = { port: number; deviceMark?: string; database?: string }
  const started = await new Promise<Started>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      const line = /\{"port":.*\}/.exec(chunk.toString())
      if (line) resolve(JSON.parse(line[0]) as Started)
    })
  })
  const queryCount = () =>
    new Promise<number>((resolve) => {
      child.once('message', (answer) => resolve((answer as { queryCount: number }).queryCount))
      child.send('queryCount')
    })
  // The trusted bench device's cookie mark (serve.ts); a loaded database's own otherwise.
  return {
    port: started.port,
    child,
    deviceMark: started.deviceMark ?? benchDeviceMark,
    queryCount,
    database: started.database,
  }
}

export async function runFor<T>(
  seconds: number,
  concurrency: number,
  task: () => Promise<T>,
): Promise<number> {
  const end = Date.now() + seconds * 1000
  let done = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        await task()
        done++
      }
    }),
  )
  return done / seconds
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}
