// A member the support desk disabled (fraud, a death, a dispute) asks for a temporary
// password: none is made or sent. The contact on file hears the account is on hold and whom
// to call, in the member's language; the answer is any account's, so it tells the asker
// nothing; the account stays shut. An enabled account is served again as before.
import { describe, expect, it } from 'vitest'
import { authMessages, programOf } from '@portal/contract'
import {
  appForFile,
  auditTrail,
  demoCustomer,
  demoPassword,
  disableAccount,
  findAccount,
  latestAuditId,
  setMemberLocale,
} from '../harness.ts'

const t = appForFile()

interface Sent {
  recipient: string
  template: string
  subject: string
  body: string
}
const sentTo = async (recipient: string) =>
  ((await t.client().get('/dev/outbox.json')).json() as Sent[]).filter(
    (m) => m.recipient === recipient,
  )

const askTemporaryPassword = (emailAddress: string) =>
  t.client().postJson('/api/us-web-authentication/sendTempPassword', {
    emailAddress,
    deliveryMethod: 'email',
    appName: 'usweb',
  })

describe('a temporary password asked for a disabled account', () => {
  it('is not made nor sent: the owner hears the account is on hold, the asker nothing more', async () => {
    const username = 'equipmentrenew_demo'
    const { email, phone } = demoCustomer(username)
    const program = programOf('equipmentrenew')
    await disableAccount(t, username)
    const since = await latestAuditId(t)

    const asked = await askTemporaryPassword(email)
    expect(asked.statusCode).toBe(200)
    expect(asked.json()).toMatchObject({ status: true, message: 'Success' })

    const mail = await sentTo(email)
    expect(mail.map((m) => m.template)).toEqual(['account-on-hold-notice'])
    expect(mail[0]?.subject).toBe(`${program.displayName}: your online account is on hold`)
    expect(mail[0]?.body).toContain('The account is on hold, so none was sent.')
    expect(await sentTo(`+1${phone}`)).toEqual([])
    expect((await findAccount(t, username))?.pendingPasswordHash).toBeNull()
    expect((await auditTrail(t, since)).map((row) => row.event)).toContain(
      'recovery.account_on_hold',
    )
    // Still shut: the password on file is refused as a locked one is.
    const login = await t.client().login(username, demoPassword, program.level1Org)
    expect(login.json()).toMatchObject({ message: authMessages.userLocked })

    // Enabled again, the same request gives a temporary password as before.
    await disableAccount(t, username, false)
    await askTemporaryPassword(email)
    expect((await sentTo(email)).map((m) => m.template)).toContain('temporary-password')
  })

  it("tells the owner in the member's language", async () => {
    const username = 'dtcmyaccount_demo'
    const { email } = demoCustomer(username)
    await setMemberLocale(t, username, 'es-US')
    await disableAccount(t, username)
    await askTemporaryPassword(email)
    const [mail] = await sentTo(email)
    expect(mail?.template).toBe('account-on-hold-notice')
    expect(mail?.body).toContain('La cuenta está suspendida, por lo que no se envió ninguna.')
  })
})
