// The only reader of the environment. Every setting is validated once at start-up, and a
// bad value stops the process with a message naming the variable.
import type { z } from 'zod'
import { programCodes, programRulesOf, type PortalLinks, type ProgramCode } from '@portal/contract'
import { isProductionUrl, parseEnvironment } from './config/environment.ts'
import { databaseConfigOf } from './config/database.ts'
import { ConfigError, configError } from './config/errors.ts'
import {
  demoPlHandoffKey,
  demoPlHandoffMacKey,
  demoSessionSecret,
  estimatedEntropyBits,
  listOfSecrets,
} from './config/secrets.ts'
import { trustProxyOf, type TrustProxy } from './config/trust-proxy.ts'
import { originProblem, rpIdProblem, type RelyingParty } from './lib/relying-party.ts'
import type { EnvSchema } from './settings.ts'

export { ConfigError } from './config/errors.ts'
export { estimatedEntropyBits, demoPlHandoffKey, demoPlHandoffMacKey } from './config/secrets.ts'
export { trustProxyOf, type TrustProxy } from './config/trust-proxy.ts'
export { loadDatabaseConfig, type DatabaseConfig } from './config/database.ts'

export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  logLevel: string
  /** PostgreSQL when set; otherwise the embedded PGlite in dataDir. */
  databaseUrl: string | undefined
  dbPoolSize: number
  /** Bounded waits on PostgreSQL (pool connect, statement). */
  dbTimeouts: { connectMs: number; statementMs: number }
  shutdownGraceMs: number
  build: { version: string; commit: string }
  /** OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME: traces are off without the endpoint. */
  traces: { endpoint: string | undefined; serviceName: string }
  migrateOnStart: boolean
  dataDir: string
  /** Demo receivers and the outbox viewer; never in production. */
  isDemo: boolean
  seedDemoData: boolean
  /**
   * SESSION_SECRET's list, newest first (`new,old` while rotating): the first seals and signs,
   * every one opens and verifies (sealed sessions, queued mail, anti-forgery tokens).
   */
  sessionSecrets: readonly [string, ...string[]]
  /** The first of sessionSecrets: the key of what is looked up by a keyed hash. */
  sessionSecret: string
  sessionIdleMinutes: number
  sessionAbsoluteMinutes: number
  sessionIdleWarningSeconds: number
  tempPasswordTtlHours: number
  tempPasswordSmsTtlMinutes: number
  passwordMaxAgeDays: number
  mfaDeviceTrustDays: number
  /** The host of a text-message code's origin-bound line; undefined = no such line. */
  smsOriginHost: string | undefined
  mfaExemptPrograms: ProgramCode[]
  /**
   * The programs whose site takes the member by OpenID Connect (issue 44): the catalogue's
   * `handoff`, as PROGRAM_HANDOFF overrides it. The others take the spec's hand-off.
   */
  openIdConnectPrograms: ProgramCode[]
  /** The IANA time zone the support console shows times in (SUPPORT_TIME_ZONE). */
  supportTimeZone: string
  /** Passkeys: the relying party's id and the origins ceremonies may come from. */
  webauthn: RelyingParty
  /** false, a hop count, or the addresses/CIDRs of the proxies (see trustProxyOf). */
  trustProxy: TrustProxy
  isCookieSecure: boolean
  mainSiteUrl: string
  plPolicyAppUrl: string
  /** The links the portal shows, written into its page at run time. */
  links: PortalLinks
  plHandoffKey: Buffer
  /**
   * Signs the pl hand-off (expiry, nonce, MAC) when set; the demo has its own. Unset in
   * production only with PL_HANDOFF_ALLOW_UNSIGNED (then startWarnings names it).
   */
  plHandoffMacKey: Buffer | undefined
  webDistDir: string
  smtpUrl: string | undefined
  mailFrom: string
  smsProviderUrl: string | undefined
  smsFrom: string
  outboxPollMs: number
  outboxMaxAttempts: number
  outboxSendTimeoutMs: number
  redisUrl: string | undefined
  redisKeyPrefix: string
  rateLimits: { perClient: number; perTarget: number; windowMinutes: number }
  metricsToken: string | undefined
  metricsPort: number | undefined
  retention: { outboxDays: number; auditDays: number; sweepMinutes: number }
  loginLimits: {
    perClient: number
    perUsername: number
    windowMinutes: number
    shadowCounterDays: number
  }
  passwordHashing: { concurrency: number; queue: number; busyWaitMs: number; threads: boolean }
  messageLimits: {
    resendCooldownSeconds: number
    perUser: number
    windowMinutes: number
    perRecipientPerDay: number
    smsPerDay: number
    smsAllowedPrefixes: string[]
  }
}

const linkSettings = {
  privacyPolicy: 'PRIVACY_POLICY_URL',
  termsOfUse: 'TERMS_OF_USE_URL',
  consultingFirm: 'CONSULTING_FIRM_URL',
  policyHighlights: 'POLICY_HIGHLIGHTS_URL',
  liveChat: 'LIVE_CHAT_URL',
  mfaFaq: 'MFA_FAQ_URL',
} as const satisfies Record<keyof PortalLinks, keyof z.infer<typeof EnvSchema>>

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { e, present, problems, invalid } = parseEnvironment(env)
  const refuse = (name: string, reason: string) => {
    if (!invalid.has(name)) problems.push(`${name}: ${reason}`)
    invalid.add(name)
  }
  const isProduction = e.NODE_ENV === 'production'
  // Demo mode (public secrets, demo receivers, the outbox viewer) only when asked for: a
  // missing variable never turns it on (security review H4).
  const isDemo = e.DEMO_MODE ?? false
  if (isProduction) {
    if (isDemo) refuse('DEMO_MODE', 'cannot be on in production')
    if (e.SEED_DEMO_DATA) refuse('SEED_DEMO_DATA', 'cannot be on in production (demo accounts)')
    if (!e.DATABASE_URL) refuse('DATABASE_URL', 'required in production (PostgreSQL)')
    for (const name of ['MAIN_SITE_URL', 'PL_POLICY_APP_URL', ...Object.values(linkSettings)]) {
      const key = name as 'MAIN_SITE_URL'
      if (!present[key]) refuse(key, 'required in production')
      else if (!isProductionUrl(e[key], e.ALLOW_LOOPBACK_HTTP)) {
        refuse(key, 'must be an absolute https:// URL in production')
      }
    }
    if (!e.SMTP_URL) refuse('SMTP_URL', 'required in production')
    if (!e.SMS_PROVIDER_URL) refuse('SMS_PROVIDER_URL', 'required in production')
    else if (!isProductionUrl(e.SMS_PROVIDER_URL, e.ALLOW_LOOPBACK_HTTP)) {
      refuse('SMS_PROVIDER_URL', 'must be an https:// URL in production')
    }
  }
  const sessionSecrets = listOfSecrets(e.SESSION_SECRET)
  if (!isDemo) {
    if (sessionSecrets.length === 0) refuse('SESSION_SECRET', 'required unless DEMO_MODE=true')
    else if (sessionSecrets.includes(demoSessionSecret)) {
      refuse('SESSION_SECRET', 'is the public demo value')
    } else if (sessionSecrets.some((secret) => estimatedEntropyBits(secret) < 160)) {
      refuse(
        'SESSION_SECRET',
        'does not look random: use at least 32 random bytes (openssl rand -base64 32) for each of its comma-separated values',
      )
    }
    if (!e.PL_HANDOFF_KEY) refuse('PL_HANDOFF_KEY', 'required unless DEMO_MODE=true')
    else if (Buffer.from(e.PL_HANDOFF_KEY, 'base64').equals(demoPlHandoffKey)) {
      refuse('PL_HANDOFF_KEY', 'is the public demo key')
    }
    if (
      e.PL_HANDOFF_MAC_KEY &&
      Buffer.from(e.PL_HANDOFF_MAC_KEY, 'base64').equals(demoPlHandoffMacKey)
    ) {
      refuse('PL_HANDOFF_MAC_KEY', 'is the public demo key')
    }
  }
  // The spec's pl token is forgeable (an IV flip names another member) and never expires
  // (H3): production issues it only when an operator has said so in as many words.
  if (isProduction && !e.PL_HANDOFF_MAC_KEY && !e.PL_HANDOFF_ALLOW_UNSIGNED) {
    refuse(
      'PL_HANDOFF_MAC_KEY',
      "required in production (set PL_HANDOFF_ALLOW_UNSIGNED=true only for a policy application that reads nothing but the specification's unsigned token)",
    )
  }
  if (isProduction) {
    for (const key of ['WEBAUTHN_RP_ID', 'WEBAUTHN_ORIGINS'] as const) {
      if (!present[key]) refuse(key, 'required in production')
    }
  }
  const rpIdRefusal = rpIdProblem(e.WEBAUTHN_RP_ID)
  if (rpIdRefusal) refuse('WEBAUTHN_RP_ID', rpIdRefusal)
  else {
    const rules = { isProduction, allowLoopbackHttp: e.ALLOW_LOOPBACK_HTTP }
    const originRefusals = e.WEBAUTHN_ORIGINS.map((origin) =>
      originProblem(origin, e.WEBAUTHN_RP_ID, rules),
    ).filter((problem) => problem !== undefined)
    if (originRefusals.length > 0) refuse('WEBAUTHN_ORIGINS', originRefusals.join('; '))
  }
  let trustProxy: TrustProxy = false
  try {
    trustProxy = trustProxyOf(e.TRUST_PROXY)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    problems.push(error.message.replace(/^Invalid configuration:\n\s*/, ''))
  }
  if (problems.length > 0) throw configError(problems)
  return {
    ...databaseConfigOf(e),
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    build: { version: e.BUILD_VERSION, commit: e.BUILD_COMMIT },
    traces: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME },
    migrateOnStart: e.MIGRATE_ON_START,
    isDemo,
    seedDemoData: e.SEED_DEMO_DATA ?? isDemo,
    sessionSecrets: [sessionSecrets[0] ?? demoSessionSecret, ...sessionSecrets.slice(1)],
    sessionSecret: sessionSecrets[0] ?? demoSessionSecret,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteMinutes: e.SESSION_ABSOLUTE_MINUTES,
    sessionIdleWarningSeconds: e.SESSION_IDLE_WARNING_SECONDS,
    tempPasswordTtlHours: e.TEMP_PASSWORD_TTL_HOURS,
    tempPasswordSmsTtlMinutes: e.TEMP_PASSWORD_SMS_TTL_MINUTES,
    passwordMaxAgeDays: e.PASSWORD_MAX_AGE_DAYS,
    mfaDeviceTrustDays: e.MFA_DEVICE_TRUST_DAYS,
    smsOriginHost: e.SMS_ORIGIN_HOST,
    mfaExemptPrograms: e.MFA_EXEMPT_PROGRAMS,
    openIdConnectPrograms: openIdConnectProgramsOf(e.PROGRAM_HANDOFF),
    supportTimeZone: e.SUPPORT_TIME_ZONE,
    webauthn: { rpId: e.WEBAUTHN_RP_ID, origins: e.WEBAUTHN_ORIGINS },
    trustProxy,
    isCookieSecure: e.COOKIE_SECURE ?? isProduction,
    mainSiteUrl: e.MAIN_SITE_URL,
    plPolicyAppUrl: e.PL_POLICY_APP_URL,
    links: Object.fromEntries(
      Object.entries(linkSettings).map(([link, name]) => [link, e[name]]),
    ) as unknown as PortalLinks,
    plHandoffKey: e.PL_HANDOFF_KEY ? Buffer.from(e.PL_HANDOFF_KEY, 'base64') : demoPlHandoffKey,
    plHandoffMacKey: e.PL_HANDOFF_MAC_KEY
      ? Buffer.from(e.PL_HANDOFF_MAC_KEY, 'base64')
      : isDemo
        ? demoPlHandoffMacKey
        : undefined,
    webDistDir: e.WEB_DIST_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsProviderUrl: e.SMS_PROVIDER_URL,
    smsFrom: e.SMS_FROM,
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxMaxAttempts: e.OUTBOX_MAX_ATTEMPTS,
    outboxSendTimeoutMs: e.OUTBOX_SEND_TIMEOUT_SECONDS * 1000,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    rateLimits: {
      perClient: e.RATE_LIMIT_PER_CLIENT,
      perTarget: e.RATE_LIMIT_PER_TARGET,
      windowMinutes: e.RATE_LIMIT_WINDOW_MINUTES,
    },
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    retention: {
      outboxDays: e.OUTBOX_RETENTION_DAYS,
      auditDays: e.AUDIT_RETENTION_DAYS,
      sweepMinutes: e.RETENTION_SWEEP_MINUTES,
    },
    loginLimits: {
      perClient: e.LOGIN_LIMIT_PER_CLIENT,
      perUsername: e.LOGIN_LIMIT_PER_USERNAME,
      windowMinutes: e.LOGIN_LIMIT_WINDOW_MINUTES,
      shadowCounterDays: e.LOGIN_SHADOW_COUNTER_DAYS,
    },
    passwordHashing: {
      concurrency: e.PASSWORD_HASH_CONCURRENCY,
      queue: e.PASSWORD_HASH_QUEUE,
      busyWaitMs: e.PASSWORD_HASH_BUSY_WAIT_MS,
      threads: e.PASSWORD_HASH_THREADS,
    },
    messageLimits: {
      resendCooldownSeconds: e.MESSAGE_RESEND_COOLDOWN_SECONDS,
      perUser: e.MESSAGE_LIMIT_PER_USER,
      windowMinutes: e.MESSAGE_LIMIT_WINDOW_MINUTES,
      perRecipientPerDay: e.MESSAGE_LIMIT_PER_RECIPIENT_DAY,
      smsPerDay: e.SMS_LIMIT_PER_DAY,
      smsAllowedPrefixes: e.SMS_ALLOWED_PREFIXES,
    },
  }
}

/**
 * What the service warns of at every start, from settings it accepted: today the unsigned pl
 * hand-off (outside demo mode, without PL_HANDOFF_MAC_KEY), so that it is never silent.
 */
export function startWarnings(config: Config): string[] {
  if (config.plHandoffMacKey) return []
  return [
    'PL_HANDOFF_MAC_KEY is not set: the pl hand-off is the specification\'s unsigned token, which anyone can alter to name another member and which never expires; set the key as soon as the policy application checks it (README, "The pl hand-off")',
  ]
}

export { settingNames } from './settings.ts'
export { unknownSettingWarnings } from './setting-warnings.ts'
export type { PortalLinks } from '@portal/contract'

/** The catalogue's hand-off ways, with the deployment's `PROGRAM_HANDOFF` over them. */
export function openIdConnectProgramsOf(
  overrides: readonly (readonly [ProgramCode, 'spec' | 'openid-connect'])[],
): ProgramCode[] {
  const ways = new Map(overrides)
  return programCodes.filter(
    (code) => (ways.get(code) ?? programRulesOf(code).handoff) === 'openid-connect',
  )
}
