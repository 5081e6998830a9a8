// Issue 43, item 8: a member who uses the portal in Spanish gets a passkey named in Spanish
// and the notices of its adding and removal in Spanish, with no sentence of the English.
import { describe, expect, it } from 'vitest'
import { contractTexts } from '@portal/contract/i18n'
import { countryNameIn, messages, screenTexts } from '@portal/contract'
import { templates, brandOf } from '../../src/delivery/templates.ts'
import { appForFile, SoftwareAuthenticator, demoPassword } from '../harness.ts'

const origin = 'http://localhost:8080'
const t = appForFile()

interface Sent {
  template: string
  body: string
}

/** The English notices' sentences, to be found nowhere in what a Spanish member receives. */
const englishSentences = (() => {
  const b = brandOf('bclip', '8005550100')
  const notices = [templates.passkeyAdded(b, 'X'), templates.passkeyRemoved(b, 'X')]
  return notices
    .flatMap((m) => [m.email, m.sms, m.subject])
    .flatMap((text) =>
      text
        .split(b.name)
        .join('')
        .split(/(?<=[.?!:])\s+|\n+|\(X\)/),
    )
    .map((sentence) => sentence.replace(/\d[\d-]*/g, '').trim())
    .filter((sentence) => sentence.split(' ').length >= 3)
})()

describe('a Spanish member and passkeys', () => {
  it('names the passkey in Spanish and sends the added and removed notices in Spanish', async () => {
    const client = t.client()
    client.cookies.set('portal_lang', 'es-US')
    await client.login('bclip_demo', demoPassword)
    expect(await client.passSecondFactor('spanish-passkey-device')).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    const authenticator = new SoftwareAuthenticator(origin)
    const options = (await client.postJson('/api/passkeys/registration/options', {})).json()
    const saved = await client.send({
      method: 'POST',
      url: '/api/passkeys/registration',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' },
      payload: { response: authenticator.register(options) },
    })
    expect(saved.json()).toMatchObject({ name: 'Llave de acceso en Linux' })
    const { id } = saved.json() as { id: string }
    expect((await client.postJson('/api/passkeys/remove', { id })).statusCode).toBe(200)

    const sent = (await client.get('/dev/outbox.json')).json() as Sent[]
    const notices = sent.filter((m) => m.template.startsWith('passkey-'))
    expect(notices.map((m) => m.template).sort()).toEqual(
      expect.arrayContaining(['passkey-added-notice', 'passkey-removed-notice']),
    )
    for (const notice of notices) {
      expect(notice.body).toMatch(/llave de acceso/)
      for (const sentence of englishSentences) expect(notice.body).not.toContain(sentence)
      expect(notice.body).not.toMatch(/Passkey on|passkey was|Not you\?/)
    }
    const addedBodies = notices.filter((m) => m.template === 'passkey-added-notice')
    expect(addedBodies.map((m) => m.body).join('\n')).toContain('(Llave de acceso en Linux)')
  })

  it('has the passkey names, country names and dates a Spanish page shows in Spanish', () => {
    const es = contractTexts['es-US'].screenTexts.passkeys
    expect(es.nameOn('Android')).toBe('Llave de acceso en Android')
    expect(es.nameUnknown).not.toBe(screenTexts.passkeys.nameUnknown)
    expect(countryNameIn('es-US', 'United States')).toBe('Estados Unidos')
    expect(countryNameIn('es-US', 'Mexico')).toBe('México')
    expect(countryNameIn('es-US', 'Germany')).toBe('Alemania')
    expect(countryNameIn('en-US', 'Germany')).toBe('Germany')
    // The passkey list formats its dates in the page's language (passkey-list.tsx).
    const date = new Date(Date.UTC(2026, 10, 28, 12)).toLocaleDateString('es-US', {
      dateStyle: 'medium',
    })
    expect(date).toMatch(/nov/)
    expect(date).not.toMatch(/Nov \d/)
    expect(messages.validation.required).not.toBe(
      contractTexts['es-US'].messages.validation.required,
    )
  })
})
