// Two instances on one PostgreSQL database (issue 12): booting together, and with Redis
// carrying one sign-in alternately, sharing a rate limit and delivering each message once.
// Runs in the api-postgres project only (vitest.config.ts).
import { afterAll, describe, expect, it } from 'vitest'
import { programOf } from '@portal/contract'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { loadConfig } from '../../src/config.ts'
import { outboxWriter } from '../../src/delivery/outbox.ts'
import { templates } from '../../src/delivery/templates.ts'
import { deriveKey } from '../../src/lib/crypto.ts'
import { databaseClock } from '../../src/lib/clock.ts'
import { openDatabase } from '../../src/store/db.ts'
import '../../src/testing/provided-context.ts'
import { Browser, cleanUp, createDatabase, startService, until } from './processes.ts'
import { smtpReceiver } from '../smtp-receiver.ts'
import { demoPassword } from '../harness.ts'

afterAll(cleanUp)

describe('two instances booting together on one empty database', () => {
  it('both migrate under the lock and reach ready', { timeout: 120_000 }, async () => {
    const url = await createDatabase('empty')
    const [a, b] = await Promise.all([
      startService({ DATABASE_URL: url }),
      startService({ DATABASE_URL: url }),
    ])
    for (const service of [a, b]) {
      const ready = await fetch(`${service?.url}/readyz`)
      expect(ready.status).toBe(200)
    }
    const check = new pg.Client({ connectionString: url })
    await check.connect()
    try {
      const migrations = await check.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )
      const journal = JSON.parse(
        await readFile(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] }
      expect(migrations.rows[0].n).toBe(journal.entries.length)
      const countryRows = await check.query('select count(*)::int as n from countries')
      expect(countryRows.rows[0].n).toBeGreaterThan(0)
    } finally {
      await check.end()
    }
  })
})

describe('two instances with Redis', () => {
  it(
    'carry one sign-in alternately, share a rate limit and deliver each message once',
    { timeout: 180_000 },
    async () => {
      const url = await createDatabase('template')
      const smtp = await smtpReceiver()
      try {
        const env = {
          DATABASE_URL: url,
          REDIS_URL: 'redis://127.0.0.1:6379',
          // Counters of this run only: Redis outlives test runs, and daily message caps with it.
          REDIS_KEY_PREFIX: `processes-${randomBytes(6).toString('hex')}:`,
          SMTP_URL: smtp.url,
          OUTBOX_POLL_MS: '100',
          RATE_LIMIT_PER_TARGET: '3',
        }
        const [a, b] = await Promise.all([startService(env), startService(env)])
        const bases = [a?.url ?? '', b?.url ?? '']

        // Password on one, code on the other, hand-off on the first.
        const browser = new Browser({ mfadeviceprint: 'process-test-device' })
        const login = await browser.call(
          bases[0] ?? '',
          '/api/us-web-authentication/authenticate',
          { userName: 'bclip_demo', password: demoPassword, velLevel1Org: '100' },
          true,
        )
        expect(await login.json()).toMatchObject({ message: 'Authentication Successful' })
        await browser.call(bases[0] ?? '', '/api/customer-api/find', {
          clientPrefix: programOf('bclip').serviceCode,
          customerNumber: 'BC10001',
          level1Org: '100',
        })
        const decision = await browser.call(bases[1] ?? '', '/api/mfa/getMFAUser')
        expect(await decision.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
        await browser.call(bases[1] ?? '', '/api/mfa/submitVerification', { rgValue: 'email' })
        const mail = await until(() => smtp.received.find((m) => m.to === 'bclip.demo@example.com'))
        const code = /verification code is: (\d{6})/.exec(mail.data)?.[1] ?? ''
        expect(code).toMatch(/^\d{6}$/)
        const entered = await browser.call(bases[1] ?? '', '/api/mfa/enterverificationcode', {
          verificationCode: code,
        })
        expect(await entered.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
        const handoff = await browser.call(bases[0] ?? '', '/api/portal/handoff', {})
        expect(handoff.status).toBe(200)

        // A per-target limit of 3, reached across both instances (counters in Redis).
        const target = `limit.${randomBytes(6).toString('hex')}@example.com`
        const statuses: number[] = []
        for (let i = 0; i < 4; i++) {
          const asking = new Browser()
          const answer = await asking.call(
            bases[i % 2] ?? '',
            '/api/us-web-authentication/findEmail',
            { emailAddress: target, deliveryMethod: 'email', appName: 'usweb' },
          )
          statuses.push(answer.status)
        }
        expect(statuses).toEqual([200, 200, 200, 429])

        // Two workers on one outbox: every message delivered, none twice.
        const database = await openDatabase({ kind: 'postgres', url, migrate: false })
        try {
          const writer = outboxWriter(
            deriveKey(loadConfig({ DEMO_MODE: 'true' }).sessionSecret, 'outbox'),
            await databaseClock(() => database.readTime(), { recalibrateMs: 0 }),
          )
          const recipients = Array.from({ length: 60 }, (_, i) => `bulk.${i}@example.com`)
          for (const recipient of recipients) {
            await writer.enqueue(database.db, {
              channel: 'email',
              recipient,
              program: 'bclip',
              message: templates.username({ name: 'BCLIP', phone: '800-555-0100' }, recipient),
            })
          }
          const bulk = () => smtp.received.filter((m) => m.to.startsWith('bulk.'))
          await until(() => (bulk().length >= recipients.length ? true : undefined))
          // Give a duplicate, if there were one, time to arrive.
          await new Promise((resolve) => setTimeout(resolve, 1_000))
          expect(
            bulk()
              .map((m) => m.to)
              .sort(),
          ).toEqual([...recipients].sort())
        } finally {
          await database.close()
        }
      } finally {
        await smtp.close()
      }
    },
  )
})
