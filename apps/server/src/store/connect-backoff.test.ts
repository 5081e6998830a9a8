// Issue 22: the pool reconnects with backoff. Against a server that takes each connection and
// drops it at once (as a PostgreSQL restarting does), with the backoff's clock in the test's
// hands: no waits on real time.
import { createServer, type Server } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unavailableDependency } from '../lib/unavailable.ts'
import { clientWithBackoff, connectBackoff, DatabaseBackingOff } from './connect-backoff.ts'

let server: Server
let connections = 0
let port = 0
beforeAll(async () => {
  server = createServer((socket) => {
    connections++
    socket.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as { port: number }).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function poolWithClock() {
  let now = 0
  const pool = new pg.Pool({
    Client: clientWithBackoff(connectBackoff(() => now)),
    host: '127.0.0.1',
    port,
    user: 'portal',
    connectionTimeoutMillis: 5_000,
  })
  pool.on('error', () => undefined)
  const outcome = (query: Promise<unknown>) =>
    query.then(
      () => 'answered',
      (error: unknown) => (error instanceof DatabaseBackingOff ? 'backing off' : 'tried'),
    )
  const queries = (count: number) =>
    Promise.all(Array.from({ length: count }, () => outcome(pool.query('select 1'))))
  return { pool, queries, advance: (ms: number) => void (now += ms) }
}

describe('the pool reconnects with backoff', () => {
  it('after a failed connect opens none for a while, then tries one at a time', async () => {
    const { pool, queries, advance } = poolWithClock()
    const before = connections
    expect(await queries(1)).toEqual(['tried'])
    // A burst while the backoff runs: answered at once, and nothing reaches the server.
    expect(await queries(5)).toEqual(Array(5).fill('backing off'))
    expect(connections - before).toBe(1)
    // 100 ms (at most a fifth more) later: one connect is tried, the others still refused.
    advance(121)
    const burst = await queries(3)
    expect(burst.filter((each) => each === 'tried')).toHaveLength(1)
    expect(burst.filter((each) => each === 'backing off')).toHaveLength(2)
    expect(connections - before).toBe(2)
    // The second failure doubles the wait: 200 ms, at most 240.
    advance(199)
    expect(await queries(1)).toEqual(['backing off'])
    advance(42)
    expect(await queries(1)).toEqual(['tried'])
    expect(connections - before).toBe(3)
    await pool.end()
  })

  it('waits at most a second and a fifth, however long the outage', async () => {
    const { pool, queries, advance } = poolWithClock()
    for (let failure = 0; failure < 8; failure++) {
      expect(await queries(1)).toEqual(['tried'])
      advance(1_201)
    }
    expect(await queries(1)).toEqual(['tried'])
    await pool.end()
  })

  it('answers the refusal as the database being away (503), never as a fault of ours', () => {
    expect(unavailableDependency(new DatabaseBackingOff(100))).toBe('database')
  })

  it('forgets the failures once a connect works', () => {
    let now = 0
    const backoff = connectBackoff(() => now)
    backoff.failed()
    backoff.failed()
    expect(backoff.refusal()).toBeInstanceOf(DatabaseBackingOff)
    now += 241
    expect(backoff.refusal()).toBeUndefined() // the one try
    backoff.connected()
    expect(backoff.refusal()).toBeUndefined()
    expect(backoff.refusal()).toBeUndefined() // no backoff, no limit on connects
  })
})
