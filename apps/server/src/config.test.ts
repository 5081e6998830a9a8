import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('starts in demo mode on the embedded database with nothing set', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ port: 8080, isDemo: true, databaseUrl: undefined })
    expect(config.sessionSecret).toContain('demo-only')
  })

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ MAIN_SITE_URL: 'javascript:alert(1)' })).toThrow(/MAIN_SITE_URL/)
  })

  it('reads TRUST_PROXY as off, a hop count, or a list of proxy addresses, and refuses true', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 })
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual({
      addresses: ['10.0.0.1', '192.168.0.0/16', '::1'],
    })
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/)
  })

  it('reads the allowed dial prefixes for texts, North America by default', () => {
    expect(loadConfig({}).messageLimits.smsAllowedPrefixes).toEqual(['+1'])
    expect(
      loadConfig({ SMS_ALLOWED_PREFIXES: '+1, +44' }).messageLimits.smsAllowedPrefixes,
    ).toEqual(['+1', '+44'])
    expect(() => loadConfig({ SMS_ALLOWED_PREFIXES: '44' })).toThrow(/SMS_ALLOWED_PREFIXES/)
  })

  it('treats a variable set to nothing as not set', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined()
  })

  it('requires real secrets and no demo mode in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/)
    const secrets = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      PL_HANDOFF_KEY: Buffer.alloc(32, 7).toString('base64'),
      SMTP_URL: 'smtp://mail.example:587',
      SMS_PROVIDER_URL: 'https://sid:token@sms.example/messages',
    }
    expect(loadConfig(secrets)).toMatchObject({ isDemo: false, isCookieSecure: true })
    expect(() => loadConfig({ ...secrets, DEMO_MODE: 'true' })).toThrow(/DEMO_MODE/)
    expect(() => loadConfig({ ...secrets, PL_HANDOFF_KEY: 'c2hvcnQ=' })).toThrow(/PL_HANDOFF_KEY/)
  })
})
