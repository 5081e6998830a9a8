// Password hashing off the event loop's core: argon2 in worker threads that lower their own
// scheduling priority (nice 10). On Linux a thread's nice value is its own, so under a
// wrong-password flood the hashes take the cores only when the event loop does not want them:
// pages, reference data, health checks and the MFA calls keep their latency while hashing
// saturates (decision 0019, measured by `npm run bench`, section pressure). Elsewhere, or
// where lowering fails, the workers run at normal priority: still off the event loop.
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

export interface HashJob {
  op: 'hash' | 'verify'
  /** hash: the password; verify: the stored hash. */
  a: string
  /** verify: the password. */
  b?: string
  options?: object
}

const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2')

// Run as a CommonJS worker from a string: no file of its own to ship beside the bundle.
const workerSource = `
const { parentPort } = require('node:worker_threads')
const { setPriority } = require('node:os')
const argon2 = require(${JSON.stringify(argon2Path)})
try { setPriority(10) } catch {}
parentPort.on('message', ({ id, op, a, b, options }) => {
  try {
    const value = op === 'hash' ? argon2.hashSync(a, options) : argon2.verifySync(a, b)
    parentPort.postMessage({ id, value })
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) })
  }
})`

interface Pending {
  resolve(value: string | boolean): void
  reject(error: Error): void
}

/** A fixed set of hashing threads; callers bound how many jobs run at once (passwords.ts). */
export function hashWorkers(size: number) {
  const idle: Worker[] = []
  const queued: { job: HashJob; pending: Pending }[] = []
  const inFlight = new Map<Worker, Pending>()
  let nextId = 0
  let total = 0

  function spawn(): Worker {
    const worker = new Worker(workerSource, { eval: true })
    total++
    worker.unref()
    worker.on('message', (answer: { value?: string | boolean; error?: string }) => {
      const pending = inFlight.get(worker)
      inFlight.delete(worker)
      if (answer.error !== undefined) pending?.reject(new Error(answer.error))
      else pending?.resolve(answer.value ?? false)
      release(worker)
    })
    // A thread that dies fails its job; the next job gets a new thread.
    const lost = (error: Error) => {
      const pending = inFlight.get(worker)
      inFlight.delete(worker)
      total--
      pending?.reject(error)
      const index = idle.indexOf(worker)
      if (index >= 0) idle.splice(index, 1)
      const next = queued.shift()
      if (next) dispatch(next.job, next.pending)
    }
    worker.on('error', lost)
    worker.on('exit', (code) => {
      if (total > 0 && (inFlight.has(worker) || code !== 0))
        lost(new Error(`hashing thread exited (${code})`))
    })
    return worker
  }

  function release(worker: Worker) {
    const next = queued.shift()
    if (next) send(worker, next.job, next.pending)
    else idle.push(worker)
  }

  function send(worker: Worker, job: HashJob, pending: Pending) {
    inFlight.set(worker, pending)
    worker.postMessage({ id: nextId++, ...job })
  }

  function dispatch(job: HashJob, pending: Pending) {
    const worker = idle.pop() ?? (total < size ? spawn() : undefined)
    if (worker) send(worker, job, pending)
    else queued.push({ job, pending })
  }

  return {
    run(job: HashJob): Promise<string | boolean> {
      return new Promise((resolve, reject) => dispatch(job, { resolve, reject }))
    },
    async close(): Promise<void> {
      const all = [...idle, ...inFlight.keys()]
      total = 0
      idle.length = 0
      await Promise.all(all.map((worker) => worker.terminate()))
    },
  }
}
export type HashWorkers = ReturnType<typeof hashWorkers>
