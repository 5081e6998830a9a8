// Issue 43 (item 6): the messages of a reset say what is true by the account's lock state. A
// locked member's current password does not work, so the temporary-password email and the
// other channel's notice may not say it does; the lockout notice does not ask whether the
// member "asked for this" (nobody asks for a lock).
import { describe, expect, it } from 'vitest'
import { programOf } from '@portal/contract'
import { brandOf, templates } from '../../src/delivery/templates.ts'
import { appForFile, demoCustomers, demoPassword } from '../harness.ts'

const t = appForFile()

interface Sent {
  recipient: string
  template: string
  body: string
}
const outbox = async () => (await t.client().get('/dev/outbox.json')).json() as Sent[]

async function resetBy(email: string) {
  const asked = await t.client().postJson('/api/us-web-authentication/sendTempPassword', {
    emailAddress: email,
    deliveryMethod: 'email',
    appName: 'usweb',
  })
  expect(asked.json()).toMatchObject({ status: true })
  const mail = (await outbox()).find(
    (m) => m.recipient === email && m.template === 'temporary-password',
  )
  return mail?.body ?? ''
}

describe('the reset messages by lock state', () => {
  it('tell a locked member the current password does not work until the new one', async () => {
    const member = demoCustomers.find((c) => c.username === 'cabar_demo')
    const email = member?.email ?? ''
    const org = programOf('cabar').level1Org
    for (let i = 0; i < 3; i++) await t.client().login('cabar_demo', 'Wrong#Guess2026', org)
    const lockout = (await outbox()).find((m) => m.template === 'lockout-notice')
    expect(lockout?.body).toContain('If these attempts were not you, call customer service')
    expect(lockout?.body).not.toContain('If you did not ask for this')

    const mail = await resetBy(email)
    expect(mail).toContain('until then your current password does not work')
    expect(mail).not.toContain('keeps working')
    // The other channel's notice (an email after a reset by text) says nothing untrue either.
    const b = brandOf('cabar', '1-800-555-0100')
    expect(templates.temporaryPasswordSent(b, 'sms', true).email).not.toContain('still works')
    expect(templates.temporaryPasswordSent(b, 'sms', false).email).toContain('still works')
  })

  it('still tell an unlocked member the current password keeps working', async () => {
    const member = demoCustomers.find((c) => c.username === 'dtcria_demo')
    const mail = await resetBy(member?.email ?? '')
    expect(mail).toContain('Until then your current password keeps working.')
    // The demo password still signs in.
    expect((await t.client().login('dtcria_demo', demoPassword)).json()).toMatchObject({
      temporaryPassword: false,
    })
  })
})
