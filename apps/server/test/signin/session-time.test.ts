// Issue 27 (problem 2, WCAG 2.2.1): the idle limit seen coming. Asking how long is left does
// not count as activity; "Stay signed in" does; an ended session answers 401.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { manualClock, startTestApp, type TestApp, demoPassword } from '../harness.ts'

const clock = manualClock()
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({
    clock,
    env: { SESSION_IDLE_MINUTES: '15', SESSION_IDLE_WARNING_SECONDS: '120' },
  })
})
afterAll(() => t.close())

it('answers the seconds left without extending them, and extends them on request', async () => {
  const client = t.client()
  await client.login('bclip_demo', demoPassword)
  const first = await client.get('/api/portal/session')
  expect(first.statusCode).toBe(200)
  expect(first.json()).toEqual({ secondsLeft: 15 * 60, warnBeforeSeconds: 120 })

  clock.advance(10 * 60_000)
  // Asked twice, minutes apart: the question itself is no activity.
  expect((await client.get('/api/portal/session')).json()).toMatchObject({ secondsLeft: 5 * 60 })
  clock.advance(2 * 60_000)
  expect((await client.get('/api/portal/session')).json()).toMatchObject({ secondsLeft: 3 * 60 })

  const kept = await client.postJson('/api/portal/session/keep-alive')
  expect(kept.statusCode).toBe(200)
  expect(kept.json()).toMatchObject({ secondsLeft: 15 * 60 })
  expect((await client.get('/api/portal/session')).json()).toMatchObject({ secondsLeft: 15 * 60 })
})

it('answers 401 once the session has ended, and keeps nothing alive after the end', async () => {
  const client = t.client()
  await client.login('fidbond_demo', demoPassword)
  clock.advance(15 * 60_000 + 1000)
  expect((await client.get('/api/portal/session')).statusCode).toBe(401)
  expect((await client.postJson('/api/portal/session/keep-alive')).statusCode).toBe(401)
  // Issue 27, an attacker's script: keep-alive called again and again after the limit (with
  // the anti-forgery token the page had) revives nothing; the sign-in's own calls are refused.
  for (let i = 0; i < 3; i++) {
    clock.advance(1000)
    expect((await client.postJson('/api/portal/session/keep-alive')).statusCode).toBe(401)
  }
  expect((await client.get('/api/portal/session')).statusCode).toBe(401)
  expect((await client.get('/api/mfa/getDetails')).statusCode).toBe(401)
  // Without a session at all, the same.
  expect((await t.client().get('/api/portal/session')).statusCode).toBe(401)
})

it('refuses a keep-alive at the very end of the limit, not a second after', async () => {
  const client = t.client()
  await client.login('dtcria_demo', demoPassword)
  clock.advance(15 * 60_000)
  expect((await client.postJson('/api/portal/session/keep-alive')).statusCode).toBe(401)
  clock.advance(-60_000)
  // Even with the clock set back, the ended session is gone for good.
  expect((await client.postJson('/api/portal/session/keep-alive')).statusCode).toBe(401)
})

it('refuses a keep-alive without the anti-forgery token', async () => {
  const client = t.client()
  await client.login('equipmentrenew_demo', demoPassword)
  const forged = await client.send({
    method: 'POST',
    url: '/api/portal/session/keep-alive',
    headers: { 'x-xsrf-token': 'forged' },
  })
  expect(forged.statusCode).toBe(403)
})
