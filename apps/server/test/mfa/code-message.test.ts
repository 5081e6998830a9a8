// Issue 27 (problem 6): the code by text message names this site's host from configuration.
import { expect, it } from 'vitest'
import { appForFile, demoPassword } from '../harness.ts'

const t = appForFile({ env: { SMS_ORIGIN_HOST: 'portal.example' } })

it('sends the code first, ending with @host #code for the configured host', async () => {
  const client = t.client()
  await client.login('bclip_demo', demoPassword)
  await client.checkProgram()
  await client.send({
    method: 'GET',
    url: '/api/mfa/getMFAUser',
    headers: { mfadeviceprint: 'code-message-device' },
  })
  await client.postJson('/api/mfa/submitVerification', { rgValue: 'sms' })
  const sent = (await client.get('/dev/outbox.json')).json() as {
    channel: string
    template: string
    body: string
  }[]
  const sms = sent.find((m) => m.template === 'verification-code' && m.channel === 'sms')
  const code = /^(\d{6}) is your /.exec(sms?.body ?? '')?.[1]
  expect(code).toMatch(/^\d{6}$/)
  expect(sms?.body.split('\n').at(-1)).toBe(`@portal.example #${code}`)
})
