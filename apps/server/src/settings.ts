// Every environment variable the service reads, with its type and default (zod): the one
// list that config.ts judges, .env.example documents, and the deployment files are held to.
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { handoffWays, isSafeLink, programCodes } from '@portal/contract'
import { defaultHashConcurrency } from './lib/passwords.ts'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** An absolute http(s) URL, or a path on this host (the demo defaults); never `//host`. */
const destination = z.string().refine(isSafeLink, 'must be an http(s) URL or /path')

const days = z.coerce.number().int().min(0)

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

export const EnvSchema = z.object({
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
  /** How long before the idle limit the portal warns, with "Stay signed in" (WCAG 2.2.1). */
  SESSION_IDLE_WARNING_SECONDS: z.coerce.number().int().positive().default(120),
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
  /**
   * How a program's site takes the member, where this deployment differs from the catalogue
   * (issue 44): `dtcpnc=openid-connect,bclip=spec`. A program not named keeps the catalogue's.
   */
  PROGRAM_HANDOFF: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => pair.split('=').map((part) => part.trim())),
    )
    .pipe(
      z.array(
        z.tuple([z.enum(programCodes), z.enum(handoffWays)], {
          error: 'must be program=spec or program=openid-connect, comma-separated',
        }),
      ),
    )
    .default([]),
  /** A device on which the user passed the second factor is trusted this many days. */
  MFA_DEVICE_TRUST_DAYS: z.coerce.number().int().min(0).default(30),
  /**
   * The portal's host name as members reach it: a text-message code ends with `@host #code`
   * (the origin-bound line phones read to offer the code for that site only). Unset: no line.
   */
  SMS_ORIGIN_HOST: z
    .string()
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i,
      'must be a host name',
    )
    .optional(),
  /**
   * The support desk's time zone (IANA name): the console shows every time in it, with the
   * zone's abbreviation ("Nov 24, 2026, 10:06 AM CST"), not in UTC.
   */
  SUPPORT_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/Chicago')
    .default('America/Chicago'),
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
  /**
   * Production without PL_HANDOFF_MAC_KEY: issue the spec's unsigned, non-expiring pl token
   * anyway, for a policy application that reads nothing else (security review H3). Off, such a
   * production refuses to start; on, it warns at every start.
   */
  PL_HANDOFF_ALLOW_UNSIGNED: flag.default(false),
  /**
   * Passkeys (issue 23): the domain they are bound to, and the origins the portal is served
   * from (comma-separated). Demo defaults: localhost on any port; production requires both.
   */
  WEBAUTHN_RP_ID: z.string().default('localhost'),
  WEBAUTHN_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).min(1, 'at least one origin'))
    .default(['http://localhost:*']),
  WEB_DIST_DIR: z.string().default(`${repoRoot}apps/web/dist`),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Program Portal <no-reply@portal.example>'),
  SMS_PROVIDER_URL: z.string().url().optional(),
  SMS_FROM: z.string().default('+15555550100'),
  /** How often the outbox worker looks for messages to send; 0 = never (tests drain by hand). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(0).default(1000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().positive().default(12),
  /** The longest one send (SMTP or the SMS provider) may take before it is tried again later. */
  OUTBOX_SEND_TIMEOUT_SECONDS: z.coerce.number().positive().max(40).default(15),
  /** Registration and recovery calls allowed per client address, and per target, a window. */
  RATE_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_PER_TARGET: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /**
   * OpenTelemetry traces (src/tracing.ts): the collector's OTLP/HTTP base URL; spans go to
   * `<this>/v1/traces`. Unset: no tracing at all.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The `service.name` of the spans. */
  OTEL_SERVICE_NAME: z.string().min(1).default('program-portal'),
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
  /**
   * When the queue is full, how long a sign-in is held before it looks again and, still
   * full, answers 503 (lib/passwords.ts). 0: at once.
   */
  PASSWORD_HASH_BUSY_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /** Hash in worker threads at a lower priority, nice 10 (true), or on libuv's pool (false). */
  PASSWORD_HASH_THREADS: flag.default(true),
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
