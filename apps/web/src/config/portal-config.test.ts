import { describe, expect, it } from 'vitest'
import { deviceTrustDaysOf, linksOf } from './env.ts'
import { demoLinks, parsePortalConfig } from './portal-config.ts'

describe('the portal configuration judged at build time', () => {
  it('is the API base alone: no link is fixed by a production build', () => {
    expect(parsePortalConfig({}, { forDevelopment: false })).toEqual({
      apiBaseUrl: '',
      fallbackLinks: {
        privacyPolicy: '',
        termsOfUse: '',
        consultingFirm: '',
        policyHighlights: '',
        liveChat: '',
        mfaFaq: '',
      },
    })
    expect(parsePortalConfig({ VITE_API_BASE_URL: 'https://login.example.org/' }).apiBaseUrl).toBe(
      'https://login.example.org',
    )
  })

  it.each(['javascript:alert(1)', '//evil.example.org/x', 'not a link'])(
    'fails the build on VITE_API_BASE_URL=%s, naming it',
    (value) => {
      expect(() => parsePortalConfig({ VITE_API_BASE_URL: value })).toThrow(/VITE_API_BASE_URL/)
    },
  )
})

describe('the links the service writes into the page', () => {
  it('are read from the JSON block, each unsafe or missing one falling back', () => {
    const block = JSON.stringify({
      links: {
        privacyPolicy: 'https://association.example.org/privacy',
        termsOfUse: '/terms',
        liveChat: 'javascript:alert(1)',
        mfaFaq: '//evil.example.org/faq',
      },
    })
    expect(linksOf(block, demoLinks)).toEqual({
      ...demoLinks,
      privacyPolicy: 'https://association.example.org/privacy',
      termsOfUse: '/terms',
    })
  })

  it('fall back whole when the page has no block or a broken one', () => {
    expect(linksOf(undefined, demoLinks)).toEqual(demoLinks)
    expect(linksOf('{not json', demoLinks)).toEqual(demoLinks)
  })
})

describe('how long a remembered device is trusted (issue 27)', () => {
  it('is what the service wrote into the page, else 30 days', () => {
    expect(deviceTrustDaysOf('{"links":{},"deviceTrustDays":7}')).toBe(7)
    expect(deviceTrustDaysOf('{"links":{},"deviceTrustDays":0}')).toBe(0)
    expect(deviceTrustDaysOf('{"links":{}}')).toBe(30)
    expect(deviceTrustDaysOf('{"deviceTrustDays":"7"}')).toBe(30)
    expect(deviceTrustDaysOf('{"deviceTrustDays":-1}')).toBe(30)
    expect(deviceTrustDaysOf('{not json')).toBe(30)
    expect(deviceTrustDaysOf(undefined)).toBe(30)
  })
})
