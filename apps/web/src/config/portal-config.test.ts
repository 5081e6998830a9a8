import { describe, expect, it } from 'vitest'
import { parsePortalConfig } from './portal-config.ts'

describe('the portal configuration, judged at build time', () => {
  it('falls back to the demo pages when nothing, or a blank, is set', () => {
    const config = parsePortalConfig({ VITE_LIVE_CHAT_URL: '  ' })
    expect(config.apiBaseUrl).toBe('')
    expect(config.links.liveChat).toBe('/demo/live-chat')
    expect(config.links.mfaFaq).toBe('/demo/mfa-faq')
  })

  it('takes same-site paths and http(s) addresses, without a trailing slash on the API base', () => {
    const config = parsePortalConfig({
      VITE_API_BASE_URL: 'https://login.example.org/',
      VITE_PRIVACY_POLICY_URL: 'https://association.example.org/privacy',
      VITE_TERMS_OF_USE_URL: '/terms',
    })
    expect(config.apiBaseUrl).toBe('https://login.example.org')
    expect(config.links.privacyPolicy).toBe('https://association.example.org/privacy')
    expect(config.links.termsOfUse).toBe('/terms')
  })

  it.each(['javascript:alert(1)', '//evil.example.org/x', 'data:text/html,hi', 'not a link'])(
    'fails the build on %s, naming the variable',
    (value) => {
      expect(() => parsePortalConfig({ VITE_LIVE_CHAT_URL: value })).toThrow(/VITE_LIVE_CHAT_URL/)
    },
  )
})
