import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import {
  ConfigError,
  loadConfig,
  loadDatabaseConfig,
  settingNames,
  startWarnings,
  unknownSettingWarnings,
} from './config.ts'

// Stands for `openssl rand -base64 32`: 32 random bytes.
const randomSecret = 'q8J3vT0pZ+Lw7c2N/9xYhR4mKa1sUe6DgBfXoVnHtWk='
const handoffKey = 'dGhpcyBpcyBhIDMyIGJ5dGUga2V5IGZvciB0ZXN0cyE='
const handoffMacKey = 'Zm9yIHRlc3RzOiAzMiBieXRlcyBvZiBhIE1BQyBrZXkh'

/** Everything production requires, valid. */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://portal@db.example:5432/portal',
  SESSION_SECRET: randomSecret,
  PL_HANDOFF_KEY: handoffKey,
  PL_HANDOFF_MAC_KEY: handoffMacKey,
  MAIN_SITE_URL: 'https://www.example.com/usweb/',
  PL_POLICY_APP_URL: 'https://policy.example.com/app/',
  SMTP_URL: 'smtp://mail.example:587',
  SMS_PROVIDER_URL: 'https://sid:token@sms.example/messages',
  PRIVACY_POLICY_URL: 'https://association.example/privacy',
  TERMS_OF_USE_URL: 'https://association.example/terms',
  CONSULTING_FIRM_URL: 'https://consulting.example/',
  POLICY_HIGHLIGHTS_URL: 'https://augustar.example/highlights',
  LIVE_CHAT_URL: 'https://chat.example/',
  MFA_FAQ_URL: 'https://help.example/mfa',
  WEBAUTHN_RP_ID: 'portal.example',
  WEBAUTHN_ORIGINS: 'https://portal.example,https://login.portal.example',
}

/** Demo mode only when asked; without it, real secrets. */
const demo = { DEMO_MODE: 'true' }

describe('loadConfig', () => {
  it('starts in demo mode on the embedded database when demo mode is asked for', () => {
    const config = loadConfig(demo)
    expect(config).toMatchObject({ port: 8080, isDemo: true, databaseUrl: undefined })
    expect(config.sessionSecret).toContain('demo-only')
  })

  it('never turns demo mode on because a variable is missing', () => {
    expect(() => loadConfig({})).toThrow(/SESSION_SECRET: required unless DEMO_MODE=true/)
    expect(() => loadConfig({ NODE_ENV: 'development', SESSION_SECRET: randomSecret })).toThrow(
      /PL_HANDOFF_KEY/,
    )
    const config = loadConfig({ SESSION_SECRET: randomSecret, PL_HANDOFF_KEY: handoffKey })
    expect(config.isDemo).toBe(false)
    expect(config.seedDemoData).toBe(false)
  })

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ ...demo, PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...demo, PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ ...demo, MAIN_SITE_URL: 'javascript:alert(1)' })).toThrow(
      /MAIN_SITE_URL/,
    )
  })

  it('reads TRUST_PROXY as off, a hop count, or a list of proxy addresses, and refuses true', () => {
    expect(loadConfig({ ...demo, TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ ...demo, TRUST_PROXY: '0' }).trustProxy).toBe(false)
    expect(loadConfig(demo).trustProxy).toBe(false)
    expect(loadConfig({ ...demo, TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 })
    expect(loadConfig({ ...demo, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual(
      {
        addresses: ['10.0.0.1', '192.168.0.0/16', '::1'],
      },
    )
    expect(() => loadConfig({ ...demo, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ ...demo, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ ...demo, TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/)
  })

  it('reads the support desk’s time zone, Central by default, and refuses an unknown one', () => {
    expect(loadConfig(demo).supportTimeZone).toBe('America/Chicago')
    expect(loadConfig({ ...demo, SUPPORT_TIME_ZONE: 'America/Denver' }).supportTimeZone).toBe(
      'America/Denver',
    )
    expect(() => loadConfig({ ...demo, SUPPORT_TIME_ZONE: 'Central' })).toThrow(/SUPPORT_TIME_ZONE/)
  })

  it('reads the allowed dial prefixes for texts, North America by default', () => {
    expect(loadConfig(demo).messageLimits.smsAllowedPrefixes).toEqual(['+1'])
    expect(
      loadConfig({ ...demo, SMS_ALLOWED_PREFIXES: '+1, +44' }).messageLimits.smsAllowedPrefixes,
    ).toEqual(['+1', '+44'])
    expect(() => loadConfig({ ...demo, SMS_ALLOWED_PREFIXES: '44' })).toThrow(
      /SMS_ALLOWED_PREFIXES/,
    )
  })

  it("reads each program's hand-off: the catalogue's (spec), as PROGRAM_HANDOFF overrides it", () => {
    expect(loadConfig(demo).openIdConnectPrograms).toEqual([])
    expect(
      loadConfig({ ...demo, PROGRAM_HANDOFF: 'dtcpnc=openid-connect, bclip = spec' })
        .openIdConnectPrograms,
    ).toEqual(['dtcpnc'])
    for (const wrong of ['dtcpnc', 'dtcpnc=oidc', 'nosuch=spec', 'dtcpnc=spec=x']) {
      expect(() => loadConfig({ ...demo, PROGRAM_HANDOFF: wrong })).toThrow(/PROGRAM_HANDOFF/)
    }
  })

  it('treats a variable set to nothing as not set', () => {
    expect(loadConfig({ ...demo, DATABASE_URL: '' }).databaseUrl).toBeUndefined()
  })

  it('starts in production with every required setting', () => {
    expect(loadConfig(production)).toMatchObject({
      isDemo: false,
      seedDemoData: false,
      isCookieSecure: true,
      migrateOnStart: true,
      retention: { outboxDays: 30, auditDays: 400, sweepMinutes: 60 },
    })
    expect(loadConfig({ ...production, MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false)
  })

  it.each([
    'DATABASE_URL',
    'SESSION_SECRET',
    'PL_HANDOFF_KEY',
    'PL_HANDOFF_MAC_KEY',
    'MAIN_SITE_URL',
    'PL_POLICY_APP_URL',
    'SMTP_URL',
    'SMS_PROVIDER_URL',
    'PRIVACY_POLICY_URL',
    'MFA_FAQ_URL',
    'WEBAUTHN_RP_ID',
    'WEBAUTHN_ORIGINS',
  ])('refuses to start in production without %s, naming it', (name) => {
    const env = Object.fromEntries(Object.entries(production).filter(([key]) => key !== name))
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: required`))
  })

  it.each([
    ['DEMO_MODE', 'true', /DEMO_MODE: cannot be on in production/],
    ['SEED_DEMO_DATA', 'true', /SEED_DEMO_DATA: cannot be on in production/],
    ['SESSION_SECRET', 'demo-only-session-secret-never-use-in-production', /public demo value/],
    ['SESSION_SECRET', 'x'.repeat(64), /SESSION_SECRET: does not look random/],
    ['SESSION_SECRET', '0123456789abcdef0123456789abcdef', /SESSION_SECRET: does not look random/],
    ['SESSION_SECRET', 'short', /SESSION_SECRET: must be at least 32 characters/],
    [
      'PL_HANDOFF_KEY',
      Buffer.from('program-portal-demo-handoff-key!').toString('base64'),
      /PL_HANDOFF_KEY: is the public demo key/,
    ],
    ['PL_HANDOFF_KEY', 'c2hvcnQ=', /PL_HANDOFF_KEY/],
    ['MAIN_SITE_URL', 'http://main.example/usweb/', /MAIN_SITE_URL: must be an absolute https/],
    ['MAIN_SITE_URL', '/demo/main-site/usweb/', /MAIN_SITE_URL: must be an absolute https/],
    ['PL_POLICY_APP_URL', 'http://127.0.0.1:9/app/', /PL_POLICY_APP_URL: must be an absolute/],
    ['SMS_PROVIDER_URL', 'http://sms.example/messages', /SMS_PROVIDER_URL: must be an https/],
    ['WEBAUTHN_RP_ID', '203.0.113.7', /WEBAUTHN_RP_ID: must be a domain name/],
    ['WEBAUTHN_RP_ID', 'https://portal.example', /WEBAUTHN_RP_ID: must be a domain name/],
    ['WEBAUTHN_ORIGINS', 'https://portal.example:*', /WEBAUTHN_ORIGINS: .*port wildcard/],
    ['WEBAUTHN_ORIGINS', 'http://portal.example', /WEBAUTHN_ORIGINS: .*must be https/],
    ['WEBAUTHN_ORIGINS', 'https://portal.example.evil', /WEBAUTHN_ORIGINS: .*not portal.example/],
    ['WEBAUTHN_ORIGINS', 'https://portal.example/login', /WEBAUTHN_ORIGINS: .*not an origin/],
  ])('refuses %s=%s in production', (name, value, reason) => {
    expect(() => loadConfig({ ...production, [name]: value })).toThrow(reason)
  })

  it('signs the pl hand-off in production, or issues the unsigned spec token only when told to, warning at every start (H3)', () => {
    const { PL_HANDOFF_MAC_KEY, ...withoutMacKey } = production
    void PL_HANDOFF_MAC_KEY
    expect(() => loadConfig(withoutMacKey)).toThrow(
      /PL_HANDOFF_MAC_KEY: required in production \(set PL_HANDOFF_ALLOW_UNSIGNED=true only/,
    )
    expect(() => loadConfig({ ...withoutMacKey, PL_HANDOFF_ALLOW_UNSIGNED: 'false' })).toThrow(
      /PL_HANDOFF_MAC_KEY: required in production/,
    )
    const unsigned = loadConfig({ ...withoutMacKey, PL_HANDOFF_ALLOW_UNSIGNED: 'true' })
    expect(unsigned.plHandoffMacKey).toBeUndefined()
    expect(startWarnings(unsigned)).toEqual([
      expect.stringMatching(
        /^PL_HANDOFF_MAC_KEY is not set: the pl hand-off is the specification's unsigned token/,
      ),
    ])
    const signed = loadConfig(production)
    expect(signed.plHandoffMacKey).toEqual(Buffer.from(handoffMacKey, 'base64'))
    expect(startWarnings(signed)).toEqual([])
    expect(startWarnings(loadConfig(demo))).toEqual([])
  })

  it('accepts loopback http:// URLs in production only behind ALLOW_LOOPBACK_HTTP (tests)', () => {
    const loopback = {
      ...production,
      MAIN_SITE_URL: 'http://127.0.0.1:9001/usweb/',
      PL_POLICY_APP_URL: 'http://localhost:9002/app/',
      SMS_PROVIDER_URL: 'http://127.0.0.1:9003/sms',
    }
    expect(() => loadConfig(loopback)).toThrow(/MAIN_SITE_URL/)
    expect(loadConfig({ ...loopback, ALLOW_LOOPBACK_HTTP: 'true' }).mainSiteUrl).toBe(
      'http://127.0.0.1:9001/usweb/',
    )
    expect(() =>
      loadConfig({
        ...loopback,
        ALLOW_LOOPBACK_HTTP: 'true',
        MAIN_SITE_URL: 'http://main.example/usweb/',
      }),
    ).toThrow(/MAIN_SITE_URL/)
  })

  it('serves passkeys on localhost, any port, by default (demo), and reads the configured ones', () => {
    expect(loadConfig(demo).webauthn).toEqual({
      rpId: 'localhost',
      origins: ['http://localhost:*'],
    })
    expect(loadConfig(production).webauthn).toEqual({
      rpId: 'portal.example',
      origins: ['https://portal.example', 'https://login.portal.example'],
    })
  })

  it('reads the metrics and retention settings', () => {
    const config = loadConfig({
      ...demo,
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      METRICS_PORT: '9464',
      OUTBOX_RETENTION_DAYS: '7',
      AUDIT_RETENTION_DAYS: '90',
    })
    expect(config).toMatchObject({
      metricsToken: 'a-long-enough-metrics-token',
      metricsPort: 9464,
      retention: { outboxDays: 7, auditDays: 90 },
    })
    expect(() => loadConfig({ ...demo, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
  })
})

describe('configuration reported at once', () => {
  it('names every refusal together, not only the first', () => {
    const { SMTP_URL, SESSION_SECRET, MAIN_SITE_URL, ...rest } = production
    void [SMTP_URL, SESSION_SECRET, MAIN_SITE_URL]
    const error = (() => {
      try {
        loadConfig({ ...rest, PORT: 'eighty', TRUST_PROXY: 'true' })
      } catch (caught) {
        return caught as Error
      }
      throw new Error('expected a refusal')
    })()
    expect(error).toBeInstanceOf(ConfigError)
    expect(error.message).toMatch(/^Invalid configuration \(5 problems\):/)
    for (const name of ['PORT', 'SMTP_URL', 'SESSION_SECRET', 'MAIN_SITE_URL', 'TRUST_PROXY']) {
      expect(error.message).toMatch(new RegExp(`^  ${name}: `, 'm'))
    }
  })

  it('never sends a /demo/ link to production', () => {
    expect(() =>
      loadConfig({ ...production, PRIVACY_POLICY_URL: '/demo/association/privacy' }),
    ).toThrow(/PRIVACY_POLICY_URL: must be an absolute https:\/\/ URL in production/)
    expect(loadConfig(production).links).toEqual({
      privacyPolicy: 'https://association.example/privacy',
      termsOfUse: 'https://association.example/terms',
      consultingFirm: 'https://consulting.example/',
      policyHighlights: 'https://augustar.example/highlights',
      liveChat: 'https://chat.example/',
      mfaFaq: 'https://help.example/mfa',
    })
    expect(loadConfig(demo).links.privacyPolicy).toBe('/demo/association/privacy')
  })

  it('warns of variables that look like its own but are not read', () => {
    expect(
      unknownSettingWarnings({
        REDIS_URI: 'redis://cache',
        PORTAL_MODE: 'x',
        SESION_SECRET: 'x',
        DATABASE_URL: 'postgres://db/portal',
        PATH: '/usr/bin',
        NODE_OPTIONS: '--enable-source-maps',
        UV_THREADPOOL_SIZE: '8',
        HOSTNAME: 'pod-1',
      }),
    ).toEqual([
      'REDIS_URI: not a setting of this service, ignored (did you mean REDIS_URL?)',
      'PORTAL_MODE: not a setting of this service, ignored',
      'SESION_SECRET: not a setting of this service, ignored (did you mean SESSION_SECRET?)',
    ])
  })

  it('migrates with DATABASE_URL alone in production', () => {
    expect(
      loadDatabaseConfig({ NODE_ENV: 'production', DATABASE_URL: production.DATABASE_URL }),
    ).toMatchObject({ databaseUrl: production.DATABASE_URL, dbTimeouts: { connectMs: 5000 } })
    expect(() => loadDatabaseConfig({ NODE_ENV: 'production' })).toThrow(
      /DATABASE_URL: required in production/,
    )
  })
})

describe('the documentation of the settings', () => {
  const root = new URL('../../../', import.meta.url)
  it.each([['.env.example'], ['README.md']])('%s names every setting', (file) => {
    const text = readFileSync(new URL(file, root), 'utf8')
    const missing = settingNames.filter((name) => !text.includes(name))
    expect(missing).toEqual([])
  })
})
