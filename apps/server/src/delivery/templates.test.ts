// Issue 27 (problem 6): the text-message code, code first and origin-bound.
import { describe, expect, it } from 'vitest'
import { brandOf, templates } from './templates.ts'

const brand = brandOf('equipmentrenew', '8005550100')

describe('the verification code by text message', () => {
  it('puts the code first and ends with the origin-bound line of the configured host', () => {
    const { sms } = templates.verificationCode(brand, '178389', 'portal.example')
    expect(sms.startsWith('178389 is your ')).toBe(true)
    expect(sms).toContain('It expires in 10 minutes.')
    expect(sms.split('\n').at(-1)).toBe('@portal.example #178389')
  })

  it('has no origin-bound line when no host is configured', () => {
    const { sms } = templates.verificationCode(brand, '178389')
    expect(sms).not.toContain('@')
    expect(sms.startsWith('178389 is your ')).toBe(true)
  })
})

describe('the new-device notice (issue 40)', () => {
  // Today at 21:04 UTC (relative to the real time, never a pinned date), said in Chicago.
  const when = new Date(Date.now())
  when.setUTCHours(21, 4, 0, 0)
  const inChicago = (locale: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'America/Chicago', ...options }).format(when)
  const sign = {
    when,
    timeZone: 'America/Chicago',
    device: { browser: 'Chrome', system: 'Windows' },
    recoveryLink: 'https://portal.example/usweb/forgot-password',
  }

  it('says when in the service zone, the browser and system, and what to do', () => {
    const { email, sms } = templates.newDevice(brand, sign)
    const day = inChicago('en-US', { dateStyle: 'long' })
    const time = inChicago('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
    // 21:04 UTC is 3:04 PM (CST) or 4:04 PM (CDT) in Chicago.
    expect(time).toMatch(/^[34]:04\sPM C[SD]T$/)
    expect(email).toContain(`Chrome on Windows, on ${day} at ${time}.`)
    expect(email).toContain('reset your password at https://portal.example/usweb/forgot-password')
    expect(sms).toContain('Not you? Reset your password at https://portal.example/')
  })

  it('writes the same in Spanish, and names no browser it could not tell', () => {
    const es = brandOf('equipmentrenew', '8005550100', 'es-US')
    const { email } = templates.newDevice(es, { ...sign, device: { browser: null, system: null } })
    const día = inChicago('es-US', { dateStyle: 'long' })
    expect(email).toContain(`un navegador que no pudimos identificar, el ${día}`)
    const { sms } = templates.newDevice(brand, { ...sign, recoveryLink: null })
    expect(sms).toContain('Not you? Reset your password with Forgot Password on the login page')
  })
})
