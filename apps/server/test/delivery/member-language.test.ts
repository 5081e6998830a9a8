// Issue 24: the outbox writes in the language the member uses the portal in, kept on the
// account; a member who never chose one gets exactly the English of before.
import { describe, expect, it } from 'vitest'
import {
  appForFile,
  type TestClient,
  demoPassword,
  findAccount,
  demoCustomer as demo,
} from '../harness.ts'

const t = appForFile()

interface Sent {
  recipient: string
  template: string
  body: string
}
async function lastSent(recipient: string, template: string): Promise<string> {
  const all = (await t.client().get('/dev/outbox.json')).json() as Sent[]
  return all.find((m) => m.recipient === recipient && m.template === template)?.body ?? ''
}

const localeOf = async (username: string) => (await findAccount(t, username))?.locale

let devices = 0
/** Signed in on a new device, a code asked for by email. */
async function codeAsked(client: TestClient, username: string, level1Org: string) {
  await client.login(username, demoPassword, level1Org)
  await client.checkProgram()
  const print = { mfadeviceprint: `language-device-${++devices}` }
  await client.send({ method: 'GET', url: '/api/mfa/getMFAUser', headers: print })
  await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
}

async function askTemporaryPassword(email: string) {
  // Recovery is anonymous: it names no language and changes none.
  const response = await t.client().postJson('/api/us-web-authentication/sendTempPassword', {
    emailAddress: email,
    deliveryMethod: 'email',
    appName: 'usweb',
  })
  expect(response.statusCode).toBe(200)
}

describe("the member's language", () => {
  it('is kept from the cookie at sign-in, and the later messages are written in it', async () => {
    const c = demo('fidbond_demo')
    expect(await localeOf('fidbond_demo')).toBe('en-US')
    const client = t.client()
    client.cookies.set('portal_lang', 'es-US')
    await codeAsked(client, 'fidbond_demo', '200')
    expect(await localeOf('fidbond_demo')).toBe('es-US')
    const code = await lastSent(c.email, 'verification-code')
    expect(code).toMatch(/^Su código de verificación es: \d{6}\n\nVence en 10 minutos\.\n\n/)
    expect(code).toContain('Si usted no lo solicitó, llame a Servicio al Cliente al ')
    expect(code).toContain('Fidelity Bond Program')

    await askTemporaryPassword(c.email)
    const password = await lastSent(c.email, 'temporary-password')
    expect(password).toMatch(
      /^Su contraseña temporal es: \S+\n\n {4}(\S{4} ){3}\S\n\nLos espacios solo facilitan la lectura: escríbala sin ellos\. [^\n]+\n\nFunciona una sola vez, dentro de 24 horas: /,
    )
    expect(password).not.toMatch(/temporary|password|your/i)
  })

  it('follows Accept-Language when no language was chosen, and a later switch back', async () => {
    const c = demo('cabar_demo')
    const client = t.client()
    await client.send({
      method: 'POST',
      url: '/api/us-web-authentication/authenticate',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'es-MX,es;q=0.9',
      },
      payload: new URLSearchParams({
        userName: 'cabar_demo',
        password: demoPassword,
        velLevel1Org: '168',
      }).toString(),
    })
    expect(await localeOf('cabar_demo')).toBe('es-US')
    const back = t.client()
    back.cookies.set('portal_lang', 'en-US')
    await codeAsked(back, 'cabar_demo', '168')
    expect(await localeOf('cabar_demo')).toBe('en-US')
    expect(await lastSent(c.email, 'verification-code')).toMatch(/^Your verification code is: /)
  })

  it("leaves an English member's messages exactly as before", async () => {
    const c = demo('bclip_demo')
    await codeAsked(t.client(), 'bclip_demo', '100')
    expect(await localeOf('bclip_demo')).toBe('en-US')
    const code = await lastSent(c.email, 'verification-code')
    expect(code).toMatch(
      /^Your verification code is: \d{6}\n\nIt expires in 10 minutes\.\n\nIf you did not ask for this, call customer service at \S+\.\n\nBusiness & Commercial Liability Insurance Program$/,
    )
    await askTemporaryPassword(c.email)
    expect(await lastSent(c.email, 'temporary-password')).toMatch(
      /^Your temporary password is: (\S+)\n\n {4}(\S{4} ){3}\S\n\nThe spaces only make it easier to read: type it without them\. It has no zero or letter O, and no number one or letter l\.\n\nIt works once, within 24 hours: log in with it and you will then choose a new password\. Until then your current password keeps working\.\n\nIf you did not ask for this, call customer service at \S+\.\n\nBusiness & Commercial Liability Insurance Program$/,
    )
  })

  it('refuses a language the portal does not speak, and keeps the one kept', async () => {
    const client = t.client()
    client.cookies.set('portal_lang', "es-US'; DROP TABLE users; --")
    await client.login('equipmentrenew_demo', demoPassword)
    expect(await localeOf('equipmentrenew_demo')).toBe('en-US')
  })
})
