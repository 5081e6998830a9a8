// The hand-off is issued once (spec §4, the flow's `handedOff`): the sealed password leaves the
// service at most once per sign-in, and the session ends with it. From the attacker's side: a
// script holding the signed-in browser's cookie sends the hand-off twice at the same moment,
// each request reading the session before either ended it.
import { describe, expect, it } from 'vitest'
import { appForFile, auditTrail, demoPassword, latestAuditId, TestClient } from '../harness.ts'

const t = appForFile()

describe('the hand-off, sent twice at once', () => {
  it('is issued to one request; the other is refused and writes nothing', async () => {
    const member = new TestClient(t.app)
    await member.signIn('bclip_demo', demoPassword)
    const after = await latestAuditId(t)
    const answers = await Promise.all([
      member.postJson('/api/portal/handoff', { target: 'login' }),
      member.postJson('/api/portal/handoff', { target: 'login' }),
    ])
    // The other is refused: 409 when it read the session before the first ended it, 401 when
    // after (which of the two depends on the interleaving; neither carries an address).
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
    const refused = answers.find((answer) => answer.statusCode !== 200)
    expect([401, 409]).toContain(refused?.statusCode)
    expect(refused?.json()).not.toHaveProperty('url')
    expect(String(refused?.headers['set-cookie'] ?? '')).not.toMatch(/portal_oidc_handover=[^;]/)
    const issued = (await auditTrail(t, after)).filter((row) => row.event === 'handoff.issued')
    expect(issued).toHaveLength(1)
    // And the session is gone: a third asks for a sign-in.
    expect((await member.postJson('/api/portal/handoff', { target: 'login' })).statusCode).toBe(401)
  })

  it('is issued once for pl too', async () => {
    const member = new TestClient(t.app)
    await member.signIn('proliability_demo', demoPassword, '110')
    const answers = await Promise.all([
      member.postJson('/api/portal/handoff'),
      member.postJson('/api/portal/handoff'),
    ])
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
    expect(answers.find((answer) => answer.statusCode !== 200)?.json()).not.toHaveProperty('url')
  })
})
