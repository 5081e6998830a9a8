// From the attacker's side: a signed-in password change (updateuser) asks for the current
// password, and the session carries no password hash, so the check reads the hash itself.
// It must be the session's own member's: a browser left signed in, with another member's
// password (the attacker's own, say), changes nothing. And the session cannot be used to guess
// the current password: parallel guesses stop at the per-member limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authMessages, messages, programOf } from '@portal/contract'
import { tooManyRequests } from '../../src/plugins/rate-limits.ts'
import { startTestApp, type TestApp, demoPassword, setPassword } from '../harness.ts'

const auth = '/api/us-web-authentication'
const attackersPassword = 'Copper#Lantern58'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
  // The attacker's own account (fidbond_demo) has a password of its own.
  await setPassword(t, 'fidbond_demo', attackersPassword)
})
afterAll(() => t.close())

describe('the current password of a signed-in change', () => {
  it("is the session's own member's: another member's password changes nothing", async () => {
    const victim = t.client()
    await victim.signIn('bclip_demo', demoPassword, programOf('bclip').level1Org)

    const withAttackersPassword = await victim.postForm(`${auth}/updateuser`, {
      userName: 'bclip_demo',
      currentPassword: attackersPassword,
      password: 'Amber#Harbor27',
    })
    expect(withAttackersPassword.statusCode).toBe(400)
    expect(withAttackersPassword.json()).toMatchObject({
      fields: [{ field: 'currentPassword', message: messages.account.currentPasswordWrong }],
    })

    // Nothing changed: the member's password still signs in, the new one does not, and the
    // attacker's password is still the attacker's alone.
    const signsIn = async (username: 'bclip_demo' | 'fidbond_demo', password: string) => {
      const { level1Org } = programOf(username === 'bclip_demo' ? 'bclip' : 'fidbond')
      const answer = await t.client().login(username, password, level1Org)
      return answer.json<{ message: string }>().message === authMessages.success
    }
    expect(await signsIn('bclip_demo', 'Amber#Harbor27')).toBe(false)
    expect(await signsIn('bclip_demo', demoPassword)).toBe(true)
    expect(await signsIn('fidbond_demo', attackersPassword)).toBe(true)

    // The member's own current password still works in the same session.
    const changed = await victim.postForm(`${auth}/updateuser`, {
      userName: 'bclip_demo',
      currentPassword: demoPassword,
      password: 'Amber#Harbor27',
    })
    expect(changed.json()).toMatchObject({ passwordUpdated: true })
  })
})

describe('guessing the current password from a signed-in session', () => {
  const limit = 3
  let limited: TestApp
  beforeAll(async () => {
    limited = await startTestApp({ env: { RATE_LIMIT_PER_TARGET: String(limit) } })
  })
  afterAll(() => limited.close())

  it('stops at the per-member limit, however many guesses race, and the right one then waits too', async () => {
    const hijacked = limited.client()
    await hijacked.signIn('bclip_demo', demoPassword, programOf('bclip').level1Org)
    const guess = (currentPassword: string) =>
      hijacked.postForm(`${auth}/updateuser`, {
        userName: 'bclip_demo',
        currentPassword,
        password: 'Amber#Harbor27',
      })
    const answers = await Promise.all(
      Array.from({ length: limit + 5 }, (_, index) => guess(`Guess#Number${index}`)),
    )
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([...Array(limit).fill(400), ...Array(5).fill(429)])
    for (const answer of answers.filter((answer) => answer.statusCode === 429)) {
      expect(answer.json()).toMatchObject({ message: tooManyRequests })
    }
    // Even the right password is refused now: the limit does not tell right from wrong.
    expect((await guess(demoPassword)).statusCode).toBe(429)
  })
})
