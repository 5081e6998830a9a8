// The only reader of the environment. Every setting is validated once at start-up, and a
// bad value stops the process with a message naming the variable.
import { isIP } from 'node:net'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { programCodes, type ProgramCode } from '@portal/contract'
import { defaultHashConcurrency } from './lib/passwords.ts'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** An absolute http(s) URL, or a path on this host (the demo defaults). */
const destination = z
  .string()
  .refine((v) => v.startsWith('/') || /^https?:\/\/[^/]/.test(v), 'must be an http(s) URL or /path')

const days = z.coerce.number().int().min(0)

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  /** Connections per instance: instances × DB_POOL_SIZE must stay under max_connections. */
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** Seconds to wait for a new PostgreSQL connection before the call fails (503). */
  DB_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().default(5),
  /** Longest a statement may run (server-side statement_timeout, and the client's own wait). */
  DB_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  /** After SIGTERM: the longest shutdown may take before the process ends anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().default(20),
  /** The release this process runs (portal_build_info{version,commit}); the image sets both. */
  BUILD_VERSION: z.string().default('dev'),
  BUILD_COMMIT: z.string().default('unknown'),
  /** Apply pending migrations at start (under an advisory lock); false = run `db:migrate` first. */
  MIGRATE_ON_START: flag.default(true),
  DATA_DIR: z.string().default(`${repoRoot}data/pglite`),
  DEMO_MODE: flag.optional(),
  SEED_DEMO_DATA: flag.optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(15),
  SESSION_ABSOLUTE_MINUTES: z.coerce.number().int().positive().default(120),
  /** How often expired sessions are deleted; 0 = never (tests purge by hand). */
  /** A temporary password is refused this many hours after it was sent. */
  TEMP_PASSWORD_TTL_HOURS: z.coerce.number().int().positive().default(24),
  /** A temporary password sent by text expires sooner (NIST SP 800-63B-4: 10 minutes). */
  TEMP_PASSWORD_SMS_TTL_MINUTES: z.coerce.number().int().positive().default(10),
  /** Programs whose users skip the second factor (ABORT_MFA), e.g. during an SMS outage. */
  MFA_EXEMPT_PROGRAMS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(programCodes)))
    .default([]),
  /** A device on which the user passed the second factor is trusted this many days. */
  MFA_DEVICE_TRUST_DAYS: z.coerce.number().int().min(0).default(30),
  /** 'Credentials Expired' after this many days; 0 = never (NIST SP 800-63B). */
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).default(0),
  TRUST_PROXY: z.string().optional(),
  COOKIE_SECURE: flag.optional(),
  MAIN_SITE_URL: destination.default('/demo/main-site/usweb/'),
  PL_POLICY_APP_URL: destination.default('/demo/policy-app/'),
  // The portal's links outside itself, written into the page it serves (plugins/web.ts) so
  // that one build serves every environment. Demo defaults; production requires https.
  PRIVACY_POLICY_URL: destination.default('/demo/association/privacy'),
  TERMS_OF_USE_URL: destination.default('/demo/association/terms'),
  CONSULTING_FIRM_URL: destination.default('/demo/consulting'),
  POLICY_HIGHLIGHTS_URL: destination.default('/demo/augustar/policy-highlights'),
  LIVE_CHAT_URL: destination.default('/demo/live-chat'),
  /** The verification-code help page (spec §2 screen 12). */
  MFA_FAQ_URL: destination.default('/demo/mfa-faq'),
  /** AES key of the pl hand-off, base64 of 16, 24 or 32 bytes, shared with the policy app. */
  PL_HANDOFF_KEY: z
    .string()
    .refine(
      (v) => [16, 24, 32].includes(Buffer.from(v, 'base64').length),
      'must be base64 of 16, 24 or 32 bytes',
    )
    .optional(),
  /**
   * HMAC-SHA256 key for the pl hand-off, base64 of 32+ bytes, agreed with the policy app: the
   * token then carries an expiry and a MAC (modules/handoff/pl-token.ts). Unset: the spec's format.
   */
  PL_HANDOFF_MAC_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length >= 32, 'must be base64 of at least 32 bytes')
    .optional(),
  WEB_DIST_DIR: z.string().default(`${repoRoot}apps/web/dist`),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Program Portal <no-reply@portal.example>'),
  SMS_PROVIDER_URL: z.string().url().optional(),
  SMS_FROM: z.string().default('+15555550100'),
  /** How often the outbox worker looks for messages to send; 0 = never (tests drain by hand). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(0).default(1000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().positive().default(12),
  /** Registration and recovery calls allowed per client address, and per target, a window. */
  RATE_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_PER_TARGET: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** Shared rate-limit counters across instances; in-process without it. */
  REDIS_URL: z.string().url().optional(),
  /** `/metrics` on the service port answers only `Authorization: Bearer <this>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** When set, `/metrics` is served (without a token) on this port only, not the service port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Sent messages keep their row (recipient, template, status) this many days. */
  OUTBOX_RETENTION_DAYS: days.default(30),
  /** Audit rows are kept this many days. */
  AUDIT_RETENTION_DAYS: days.default(400),
  /** How often each instance purges expired sessions and old rows; 0 = only `portal-admin purge`. */
  RETENTION_SWEEP_MINUTES: z.coerce.number().int().min(0).default(60),
  /** Tests only: lets production accept http:// URLs whose host is 127.0.0.1, ::1 or localhost. */
  ALLOW_LOOPBACK_HTTP: flag.default(false),
  /** Prepended to every Redis key, so several deployments (or test files) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().default('portal:'),
  /** Password sign-ins per client address, and per username from any address, a window. */
  LOGIN_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(20),
  LOGIN_LIMIT_PER_USERNAME: z.coerce.number().int().positive().default(10),
  LOGIN_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** How long an unknown username's shadow failure count (and shadow lock) is kept. */
  LOGIN_SHADOW_COUNTER_DAYS: z.coerce.number().int().positive().default(30),
  /**
   * Password hashes computed at once (default: the cores), and how many may wait. Read
   * before start-up too, by src/thread-pool.cjs, which sizes libuv's thread pool to it.
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().positive().default(defaultHashConcurrency),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(32),
  /** Seconds before another verification code may be sent to the same user. */
  MESSAGE_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(30),
  /** Codes, temporary passwords and usernames sent for one user in a window. */
  MESSAGE_LIMIT_PER_USER: z.coerce.number().int().positive().default(6),
  MESSAGE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
  /** Messages of any kind (notices included) to one email address or number a day. */
  MESSAGE_LIMIT_PER_RECIPIENT_DAY: z.coerce.number().int().positive().default(10),
  /** Texts the whole service sends a day: a ceiling on what SMS pumping can cost. */
  SMS_LIMIT_PER_DAY: z.coerce.number().int().positive().default(5000),
  /** Texts go only to numbers starting with one of these (E.164, comma-separated). */
  SMS_ALLOWED_PREFIXES: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((prefix) => prefix.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^\+\d{1,6}$/, 'each prefix must be + and 1-6 digits')))
    .default(['+1']),
})

/** Every environment variable the service reads (`.env.example` documents each). */
export const settingNames = Object.keys(EnvSchema.shape)

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
  migrateOnStart: boolean
  dataDir: string
  /** Demo receivers and the outbox viewer; never in production. */
  isDemo: boolean
  seedDemoData: boolean
  sessionSecret: string
  sessionIdleMinutes: number
  sessionAbsoluteMinutes: number
  tempPasswordTtlHours: number
  tempPasswordSmsTtlMinutes: number
  passwordMaxAgeDays: number
  mfaDeviceTrustDays: number
  mfaExemptPrograms: ProgramCode[]
  /** false, a hop count, or the addresses/CIDRs of the proxies (see trustProxyOf). */
  trustProxy: TrustProxy
  isCookieSecure: boolean
  mainSiteUrl: string
  plPolicyAppUrl: string
  /** The links the portal shows, written into its page at run time. */
  links: PortalLinks
  plHandoffKey: Buffer
  /** Signs the pl hand-off (expiry + MAC) when set; the demo has its own. */
  plHandoffMacKey: Buffer | undefined
  webDistDir: string
  smtpUrl: string | undefined
  mailFrom: string
  smsProviderUrl: string | undefined
  smsFrom: string
  outboxPollMs: number
  outboxMaxAttempts: number
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
  passwordHashing: { concurrency: number; queue: number }
  messageLimits: {
    resendCooldownSeconds: number
    perUser: number
    windowMinutes: number
    perRecipientPerDay: number
    smsPerDay: number
    smsAllowedPrefixes: string[]
  }
}

export interface PortalLinks {
  privacyPolicy: string
  termsOfUse: string
  consultingFirm: string
  policyHighlights: string
  liveChat: string
  mfaFaq: string
}

const linkSettings = {
  privacyPolicy: 'PRIVACY_POLICY_URL',
  termsOfUse: 'TERMS_OF_USE_URL',
  consultingFirm: 'CONSULTING_FIRM_URL',
  policyHighlights: 'POLICY_HIGHLIGHTS_URL',
  liveChat: 'LIVE_CHAT_URL',
  mfaFaq: 'MFA_FAQ_URL',
} as const satisfies Record<keyof PortalLinks, keyof z.infer<typeof EnvSchema>>

export type TrustProxy = false | { hops: number } | { addresses: string[] }

// proxy-addr's names for address ranges, accepted beside addresses and CIDRs.
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrRange(value: string): boolean {
  if (rangeNames.has(value)) return true
  const [address = '', bits, ...rest] = value.split('/')
  const version = isIP(address)
  if (!version || rest.length > 0) return false
  if (bits === undefined) return true
  const max = version === 4 ? 32 : 128
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max
}

/**
 * TRUST_PROXY: unset/false/0 = no proxy; a number = that many proxies in front, each on a
 * private or loopback address; otherwise a comma-separated list of the proxies' addresses or
 * CIDRs. `true` is refused: it would let any client choose its address with X-Forwarded-For.
 */
export function trustProxyOf(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false
  if (value === 'true') {
    throw new ConfigError(
      'Invalid configuration:\n  TRUST_PROXY: `true` would let any client pick its address with X-Forwarded-For; give the number of proxies in front (e.g. 1) or their addresses',
    )
  }
  if (/^\d+$/.test(value)) return { hops: Number(value) }
  const addresses = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  const wrong = addresses.find((a) => !isAddressOrRange(a))
  if (wrong !== undefined || addresses.length === 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: ${JSON.stringify(wrong ?? value)} is not a hop count, an address or a CIDR`,
    )
  }
  return { addresses }
}

/**
 * Demo-mode secrets are fixed and public so that a restarted demo can still read what it
 * sealed (sessions, outbox). Production refuses to start without its own.
 */
const demoSessionSecret = 'demo-only-session-secret-never-use-in-production'

/** Known to the demo policy-app receiver; production must configure its own. */
export const demoPlHandoffKey = Buffer.from('program-portal-demo-handoff-key!', 'utf8')
export const demoPlHandoffMacKey = Buffer.from(
  'program-portal-demo-handoff-mac-key-never-in-production',
  'utf8',
)

export class ConfigError extends Error {}

/** Roughly how many bits of randomness a secret shows (its characters' Shannon entropy). */
export function estimatedEntropyBits(secret: string): number {
  const counts = new Map<string, number>()
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1)
  let bitsPerChar = 0
  for (const n of counts.values()) {
    const p = n / secret.length
    bitsPerChar -= p * Math.log2(p)
  }
  return bitsPerChar * secret.length
}

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost'])

/** Absolute https; http only on a loopback host and only when the test setting allows it. */
function isProductionUrl(value: string, allowLoopbackHttp: boolean): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol === 'https:') return true
  return allowLoopbackHttp && url.protocol === 'http:' && loopbackHosts.has(url.hostname)
}

/** Every problem found, one per line, so that an operator fixes them all in one go. */
function configError(problems: string[]): ConfigError {
  const count = problems.length === 1 ? '' : ` (${problems.length} problems)`
  return new ConfigError(
    `Invalid configuration${count}:\n${problems.map((p) => `  ${p}`).join('\n')}`,
  )
}

/** Which settings the environment gives, and the problems with them (zod's, by name). */
function parseEnvironment(env: NodeJS.ProcessEnv) {
  // A variable set to nothing (`DATABASE_URL=`) means "not set", as in most shells' usage.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const problems: string[] = []
  const invalid = new Set<string>()
  let parsed = EnvSchema.safeParse(present)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.')}: ${issue.message}`)
      invalid.add(String(issue.path[0]))
    }
    // The rest is still judged, so that every problem is named at once.
    const valid = Object.fromEntries(Object.entries(present).filter(([key]) => !invalid.has(key)))
    parsed = EnvSchema.safeParse(valid)
    if (!parsed.success) throw configError(problems)
  }
  return { e: parsed.data, present, problems, invalid }
}

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
  if (!isDemo) {
    if (!e.SESSION_SECRET) refuse('SESSION_SECRET', 'required unless DEMO_MODE=true')
    else if (e.SESSION_SECRET === demoSessionSecret) {
      refuse('SESSION_SECRET', 'is the public demo value')
    } else if (estimatedEntropyBits(e.SESSION_SECRET) < 160) {
      refuse(
        'SESSION_SECRET',
        'does not look random: use at least 32 random bytes (openssl rand -base64 32)',
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
  let trustProxy: TrustProxy = false
  try {
    trustProxy = trustProxyOf(e.TRUST_PROXY)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    problems.push(error.message.replace(/^Invalid configuration:\n\s*/, ''))
  }
  if (problems.length > 0) throw configError(problems)
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    dbTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_SECONDS * 1000,
      statementMs: e.DB_STATEMENT_TIMEOUT_SECONDS * 1000,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    build: { version: e.BUILD_VERSION, commit: e.BUILD_COMMIT },
    migrateOnStart: e.MIGRATE_ON_START,
    dataDir: e.DATA_DIR,
    isDemo,
    seedDemoData: e.SEED_DEMO_DATA ?? isDemo,
    sessionSecret: e.SESSION_SECRET ?? demoSessionSecret,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteMinutes: e.SESSION_ABSOLUTE_MINUTES,
    tempPasswordTtlHours: e.TEMP_PASSWORD_TTL_HOURS,
    tempPasswordSmsTtlMinutes: e.TEMP_PASSWORD_SMS_TTL_MINUTES,
    passwordMaxAgeDays: e.PASSWORD_MAX_AGE_DAYS,
    mfaDeviceTrustDays: e.MFA_DEVICE_TRUST_DAYS,
    mfaExemptPrograms: e.MFA_EXEMPT_PROGRAMS,
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
    passwordHashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY, queue: e.PASSWORD_HASH_QUEUE },
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

export interface DatabaseConfig {
  env: Config['env']
  databaseUrl: string | undefined
  dbPoolSize: number
  dbTimeouts: Config['dbTimeouts']
  dataDir: string
}

const databaseSettings = [
  'NODE_ENV',
  'DATABASE_URL',
  'DB_POOL_SIZE',
  'DB_CONNECT_TIMEOUT_SECONDS',
  'DB_STATEMENT_TIMEOUT_SECONDS',
  'DATA_DIR',
] as const

/**
 * The database settings alone: what `portal-admin migrate` (npm run db:migrate) needs, so a
 * release step can migrate with DATABASE_URL and nothing else of production's secrets.
 */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const only = Object.fromEntries(databaseSettings.map((name) => [name, env[name]]))
  const { e, problems } = parseEnvironment(only)
  const inDatabase = problems.filter((p) => databaseSettings.some((n) => p.startsWith(`${n}:`)))
  if (
    e.NODE_ENV === 'production' &&
    !e.DATABASE_URL &&
    !inDatabase.some((p) => p.startsWith('DATABASE_URL:'))
  ) {
    inDatabase.push('DATABASE_URL: required in production (PostgreSQL)')
  }
  if (inDatabase.length > 0) throw configError(inDatabase)
  return {
    env: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    dbTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_SECONDS * 1000,
      statementMs: e.DB_STATEMENT_TIMEOUT_SECONDS * 1000,
    },
    dataDir: e.DATA_DIR,
  }
}

/** Variables of the runtime, the shell or the platform that the service does not read. */
const foreignPrefixes = ['NODE_', 'NPM_', 'npm_', 'UV_', 'KUBERNETES_', 'VITEST', 'TEST_']
/** Read by portal-admin, not the service: who is acting, for the audit rows. */
const toolSettings = new Set(['PORTAL_OPERATOR'])

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution)
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

/**
 * Variables that look like the service's own but are not read: a typo (`REDIS_URI`), a
 * near-miss of a known name, or anything starting PORTAL_. One line each, with the setting
 * it probably meant; the service still starts.
 */
export function unknownSettingWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  const known = new Set(settingNames)
  const families = new Set(
    settingNames.filter((name) => name.includes('_')).map((name) => `${name.split('_')[0]}_`),
  )
  families.delete('NODE_')
  const warnings: string[] = []
  for (const name of Object.keys(env)) {
    if (known.has(name) || toolSettings.has(name)) continue
    if (foreignPrefixes.some((prefix) => name.startsWith(prefix))) continue
    const nearest = settingNames
      .map((setting) => ({ setting, distance: editDistance(name, setting) }))
      .sort((a, b) => a.distance - b.distance)[0]
    const isNearMiss = nearest !== undefined && name.length >= 6 && nearest.distance <= 2
    const isFamily = [...families].some((family) => name.startsWith(family))
    if (!isNearMiss && !isFamily && !name.startsWith('PORTAL_')) continue
    const hint = nearest && nearest.distance <= 3 ? ` (did you mean ${nearest.setting}?)` : ''
    warnings.push(`${name}: not a setting of this service, ignored${hint}`)
  }
  return warnings
}
