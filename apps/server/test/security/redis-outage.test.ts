// Issue 22: Redis away → the limits count in this process's memory; Redis back → the shared
// counters again, without a restart. Redis is reached through a proxy the test closes and
// opens again (the shared Redis itself is never stopped).
import { randomBytes } from 'node:crypto'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { windowStore } from '../../src/lib/window-store.ts'
import { startTestApp } from '../harness.ts'

const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
const sockets = new Set<Socket>()
let proxy: Server | undefined

function openProxy(port = 0): Promise<number> {
  proxy = createServer((client) => {
    const upstream = connect(Number(redis.port || 6379), redis.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('error', () => undefined)
      socket.on('close', () => sockets.delete(socket))
    }
    client.pipe(upstream).pipe(client)
  })
  return new Promise((resolve) =>
    proxy?.listen(port, '127.0.0.1', () => {
      const address = proxy?.address()
      resolve(typeof address === 'object' && address ? address.port : 0)
    }),
  )
}

async function closeProxy(): Promise<void> {
  for (const socket of sockets) socket.destroy()
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()))
}

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const closers: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const close of closers) await close()
  await closeProxy()
})

describe('Redis away and back', () => {
  it('counts in memory while Redis is away and in Redis again once it is back', async () => {
    const t = await startTestApp()
    closers.push(() => t.close())
    const port = await openProxy()
    const store = windowStore({
      redisUrl: `redis://127.0.0.1:${port}`,
      prefix: `redis-outage-${randomBytes(6).toString('hex')}:`,
      keySecret: randomBytes(32),
      log: t.app.log,
    })
    closers.push(() => store.close())
    await store.ready?.(5_000)
    expect(store.isUp?.()).toBe(true)
    const now = Date.now()
    expect(await store.increment('shared:key', 60_000, now)).toBe(1)

    await closeProxy()
    await until(() => store.isUp?.() === false)
    // Away: this process counts on its own, and nothing fails.
    expect(await store.increment('shared:key', 60_000, now)).toBe(1)
    expect(await store.count('shared:key', now)).toBe(1)

    await openProxy(port)
    await until(() => store.isUp?.() === true)
    // Back: the shared count, which kept the hit from before the outage.
    expect(await store.increment('shared:key', 60_000, now)).toBe(2)
  })
})
