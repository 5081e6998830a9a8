// Issue 40, row G1: a support agent's member search by email, phone or name wrote the term
// into the request log (`"url":"/api/console/member-search?q=fidbond.demo%40example.com"`).
// The term now travels in a POST body, which the one-line request log never holds; the audit
// row keeps only its kind. The search still finds the member.
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp, createStaff, memberOnRecord } from '../harness.ts'

const logged: string[] = []
let t: TestApp
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk))
      done()
    },
  })
  t = await startTestApp({ env: { LOG_LEVEL: 'info' }, logStream })
})
afterAll(() => t.close())

const api = '/api/console'

describe('G1: member-search terms', () => {
  it('go in a POST body: found, and not one of them in the log', async () => {
    const email = 'log.searcher@portal.example'
    const password = await createStaff({ database: t.database, clock: t.app.clock }, email, 'agent')
    const agent = t.client()
    expect((await agent.postJson(`${api}/sign-in`, { email, password })).statusCode).toBe(200)
    const code = await t.client().latestCode(email)
    expect((await agent.postJson(`${api}/verify`, { code })).statusCode).toBe(200)

    const member = await memberOnRecord(t, 'bclip_demo')
    const terms = [member?.email ?? '', member?.phone ?? '', (member?.name ?? '').slice(0, 6)]
    expect(terms.every((term) => term.length >= 2)).toBe(true)
    for (const q of terms) {
      const found = await agent.postJson(`${api}/search`, { q })
      expect(found.statusCode, q).toBe(200)
      const names = (found.json() as { members: { username: string }[] }).members
      expect(names.map((m) => m.username)).toContain('bclip_demo')
    }

    const log = logged.join('')
    expect(log).toContain('"url":"/api/console/search"')
    for (const term of terms) {
      for (const spelling of [term, encodeURIComponent(term), term.replaceAll(' ', '+')]) {
        expect(log).not.toContain(spelling)
      }
    }
    // The old addresses, with the term in the query, are no search at all.
    expect((await agent.get(`${api}/member-search?q=bclip`)).statusCode).toBe(404)
    expect((await agent.get(`${api}/search?q=bclip_demo`)).statusCode).toBe(404)
  })
})
