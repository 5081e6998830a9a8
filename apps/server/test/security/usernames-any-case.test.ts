// Issue 32, row E1: usernames in any case. Before, accounts matched a username exactly while
// the shadow counters of missing names were keyed on it lower-cased, so `FOO`, `Foo`, `foo`
// with wrong passwords answered Invalid Attempt 1, 2, 1 for a real `foo` and 1, 2, 3 for a
// missing one: three requests told which names exist. Since then a username names the same
// account in any case for uniqueness, the failure counters, recovery and the support console,
// and real and missing names answer alike. Also: the migration that brings this refuses to
// run while two usernames differ only in case, naming them, rather than choose between them.
//
// Issue 40 ("Usernames, as the specification writes them"): spec §5 and §8 say usernames are
// case-sensitive ("Please note that both are case-sensitive"), so the sign-in itself now takes
// the stored spelling only: another case with the right password is a mismatch, `Invalid
// Attempt n`, counted on the account's one counter as a missing name's spellings share one.
import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authMessages, messages, recoveryStatuses, type CwMfaResponse } from '@portal/contract'
import { migrationsFolder } from '../../src/paths.ts'
import { adminQuery, withDatabase } from '../../src/testing/databases.ts'
import {
  manualClock,
  startTestApp,
  type TestApp,
  type TestClient,
  demoCustomers,
  demoPassword,
  addCustomers,
  demoCustomer as demo,
  newStaff,
} from '../harness.ts'

const clock = manualClock()
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ clock })
  // Two customers without a web account, for parallel sign-ups under one name in two cases.
  await addCustomers(
    t,
    ['BC19031', 'BC19032'].map((custnum, i) => ({
      custnum,
      kprogName: 'bclip',
      level1org: '100',
      status: 'a',
      membershipCd: custnum,
      primaryEmailAddress: `case-race-${i}@example.com`,
      phone1: `312555903${i + 1}`,
    })),
  )
})
afterAll(() => t.close())

const messageOf = async (response: Promise<{ json(): unknown }>) =>
  ((await response).json() as { message: string }).message

describe('sign-in', () => {
  it('answers a real and a missing username alike, in any case (the E1 requests)', async () => {
    const wrong = 'Wrong#2026x'
    const answersFor = async (spellings: string[]) => {
      const answers = []
      for (const name of spellings)
        answers.push(await messageOf(t.client().login(name, wrong, '200')))
      return answers
    }
    const real = await answersFor([
      'FIDBOND_DEMO',
      'Fidbond_demo',
      'fidbond_demo',
      ' fIDBOND_DEMO ',
    ])
    const missing = await answersFor([
      'FIDBOND_DEM0',
      'Fidbond_dem0',
      'fidbond_dem0',
      ' fIDBOND_DEM0 ',
    ])
    // The fourth, padded with spaces, is the same name again on both sides (usernameKey).
    const expected = [
      authMessages.attempt1,
      authMessages.attempt2,
      authMessages.attempt3,
      authMessages.userLocked,
    ]
    expect(real).toEqual(expected)
    expect(missing).toEqual(expected)
  })

  it('refuses the right password under another case (Invalid Attempt n, as a missing name answers); the stored spelling signs in', async () => {
    const spellings = ['BCLIP_Demo', 'Bclip_demo']
    const real = []
    for (const name of spellings) real.push(await messageOf(t.client().login(name, demoPassword)))
    const missing = []
    for (const name of ['BCLIP_Dem0', 'Bclip_dem0'])
      missing.push(await messageOf(t.client().login(name, demoPassword)))
    expect(real).toEqual([authMessages.attempt1, authMessages.attempt2])
    expect(missing).toEqual(real)
    // The member types it as registered (spaces around it are dropped, as before).
    const client = t.client()
    const { answer, second } = await client.signIn(' bclip_demo ', demoPassword)
    expect(answer.json()).toEqual({ message: authMessages.success, temporaryPassword: false })
    expect(second).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
    // After the sign-in the account call takes the name in another case (the session names
    // the member; the name is only checked), and answers the stored one.
    const account = await client.postJson('/api/fidbond-api/account', { username: 'BCLIP_DEMO' })
    expect(account.json()).toMatchObject({ username: 'bclip_demo' })
    const handoff = await client.postJson('/api/portal/handoff')
    expect(handoff.statusCode).toBe(200)
    const { url } = handoff.json() as { url: string }
    const data = new URL(url, 'http://portal.test').hash.split('data=')[1] ?? ''
    const carried = JSON.parse(Buffer.from(decodeURIComponent(data), 'base64').toString('utf8'))
    expect(carried).toMatchObject({
      username: 'bclip_demo',
      custnumber: demo('bclip_demo').custnum,
    })
  })

  it('does not spend a temporary password typed with the username in another case', async () => {
    const c = demo('dtcpnc_demo')
    const asked = await t.client().postJson('/api/us-web-authentication/sendTempPassword', {
      emailAddress: c.email,
      deliveryMethod: 'email',
      appName: 'usweb',
    })
    expect(asked.json()).toMatchObject({ status: true })
    const sent = (await t.client().get('/dev/outbox.json')).json() as {
      recipient: string
      template: string
      body: string
    }[]
    const body = sent.find((m) => m.recipient === c.email && m.template === 'temporary-password')
    const temporary = /temporary password is:? (\S+?)\.?(\s|$)/.exec(body?.body ?? '')?.[1] ?? ''
    expect(await messageOf(t.client().login('DTCPNC_DEMO', temporary))).toBe(authMessages.attempt1)
    const answer = (await t.client().login('dtcpnc_demo', temporary)).json()
    expect(answer).toEqual({ message: authMessages.success, temporaryPassword: true })
  })

  it("accepts the MFA userName header in any case, and still refuses another user's name", async () => {
    const client = t.client()
    await client.login('bclip_demo', demoPassword)
    await client.checkProgram()
    const decide = (username: string) =>
      client.send({
        method: 'GET',
        url: '/api/mfa/getMFAUser',
        headers: { mfadeviceprint: 'case-device', username },
      })
    expect((await decide('cabar_demo')).statusCode).toBe(403)
    const decision = await decide('BCLIP_DEMO')
    expect(decision.statusCode).toBe(200)
    expect((decision.json() as CwMfaResponse).statusCode).toBe('CHALLENGE_LOGIN')
  })
})

describe('registration', () => {
  interface Customer {
    custnum: string
    email: string
    phone: string
  }
  const newcomer = demoCustomers.find((d) => d.program === 'bclip' && !d.username)
  const createUser = (userLoginNm: string, c: Customer | undefined = newcomer) =>
    t.client().postJson('/api/us-web-authentication/createuser', {
      userLoginNm,
      userPassword: 'Brisk#Lantern26',
      phoneNumber: c?.phone,
      appName: 'USWEB',
      membershipCd: c?.custnum,
      primaryEmailAddress: c?.email,
      optLocVersionNo: '0',
      level1Org: '100',
    })

  it('refuses a username that exists in another case: USER_ALREADY_EXISTS', async () => {
    for (const name of ['BCLIP_DEMO', 'Bclip_Demo', 'bclip_demO']) {
      expect((await createUser(name)).json()).toEqual({ returnCode: 'USER_ALREADY_EXISTS' })
    }
    // The portal shows the spec's message for that return code.
    expect(messages.registration.usernameTaken).toBe('Username already exists.')
  })

  it('gives one name to exactly one of two parallel sign-ups that differ only in case', async () => {
    const customer = (custnum: string, i: number): Customer => ({
      custnum,
      email: `case-race-${i}@example.com`,
      phone: `312555903${i + 1}`,
    })
    const answers = await Promise.all([
      createUser('Contested_Case', customer('BC19031', 0)),
      createUser('contested_CASE', customer('BC19032', 1)),
    ])
    expect(answers.map((a) => (a.json() as { returnCode: string }).returnCode).sort()).toEqual([
      'SUCCESS',
      'USER_ALREADY_EXISTS',
    ])
  })
})

describe('recovery', () => {
  it('finds the account by its username typed in another case', async () => {
    const c = demo('bclip_demo')
    const response = await t
      .client()
      .postJson('/api/us-web-authentication/getContactInfoByUsername', {
        username: 'BCLIP_DEMO',
        appName: 'usweb',
        sendusername: false,
        sendpass: true,
      })
    expect(response.json()).toMatchObject({
      status: true,
      message: recoveryStatuses.success,
      phone: `***-***-${c.phone.slice(-4)}`,
    })
  })
})

describe('support console', () => {
  async function staffClient(email: string): Promise<TestClient> {
    // Arranged as an account that has chosen its own password (A1: a new one must first).
    const password = await newStaff(t, email, 'admin', { mustChangePassword: false })
    const client = t.client()
    await client.postJson('/api/console/sign-in', { email, password })
    const sent = (await client.get('/dev/outbox.json')).json() as {
      recipient: string
      template: string
      body: string
    }[]
    const message = sent.find((m) => m.recipient === email && m.template === 'verification-code')
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? ''
    expect((await client.postJson('/api/console/verify', { code })).statusCode).toBe(200)
    return client
  }

  it('finds a member by username in any case, and opens the member by it', async () => {
    const client = await staffClient('case.admin@example.com')
    const found = await client.postJson('/api/console/search', { q: 'CABAR_Demo' })
    expect(found.statusCode).toBe(200)
    expect((found.json() as { members: { username: string }[] }).members).toEqual([
      expect.objectContaining({ username: 'cabar_demo', custnum: demo('cabar_demo').custnum }),
    ])
    const member = await client.get('/api/console/members/Cabar_DEMO')
    expect(member.statusCode).toBe(200)
    expect(member.json()).toMatchObject({ username: 'cabar_demo' })
    // A member action by the name in another case: the username goes out as it is stored.
    const resent = await client.postJson('/api/console/members/CABAR_DEMO/resend-username', {
      reason: 'Caller verified by phone',
    })
    expect(resent.statusCode).toBe(200)
    const sent = (await client.get('/dev/outbox.json')).json() as {
      recipient: string
      body: string
    }[]
    expect(sent.find((m) => m.recipient === demo('cabar_demo').email)?.body).toContain('cabar_demo')
  })
})

describe('migration 0009', () => {
  /** The migrations folder as it was before 0009 (same files, journal cut at 0008). */
  async function foldersBeforeAndWith0009() {
    const before = await mkdtemp(join(tmpdir(), 'portal-migrations-'))
    await cp(migrationsFolder, before, { recursive: true })
    const journalPath = join(before, 'meta', '_journal.json')
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
      entries: { idx: number; tag: string }[]
    }
    expect(journal.entries.some((e) => e.tag === '0009_usernames_any_case')).toBe(true)
    journal.entries = journal.entries.filter((e) => e.idx < 9)
    await writeFile(journalPath, JSON.stringify(journal))
    return { before, cleanUp: () => rm(before, { recursive: true, force: true }) }
  }

  /** A scratch database of the engine this project tests, migrated by drizzle's migrator. */
  async function scratchDatabase() {
    const url = process.env.DATABASE_URL
    if (process.env.TEST_DATABASE === 'postgres' && url) {
      const name = `portal_m_${randomBytes(6).toString('hex')}`
      await adminQuery(url, `CREATE DATABASE ${name}`)
      const pool = new pg.Pool({ connectionString: withDatabase(url, name), max: 1 })
      const db = drizzlePg(pool)
      return {
        migrate: (folder: string) => migratePg(db, { migrationsFolder: folder }),
        query: async (text: string) => (await pool.query(text)).rows as Record<string, unknown>[],
        close: async () => {
          await pool.end()
          await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        },
      }
    }
    const client = await PGlite.create()
    const db = drizzlePglite(client)
    return {
      migrate: (folder: string) => migratePglite(db, { migrationsFolder: folder }),
      // exec: a text of several statements; the rows of the last.
      query: async (text: string) =>
        ((await client.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[],
      close: () => client.close(),
    }
  }

  it('stops, naming every group of usernames that differ only in case, and changes nothing', async () => {
    const { before, cleanUp } = await foldersBeforeAndWith0009()
    const database = await scratchDatabase()
    try {
      await database.migrate(before)
      await database.query(`
        INSERT INTO customers (custnum, kprog_name, level1org)
          SELECT 'BC' || n, 'bclip', '100' FROM generate_series(1, 7) AS n;
        INSERT INTO users (username, password_hash, custnum, program, password_changed_at, created_at)
          SELECT name, 'x', 'BC' || n, 'bclip', now(), now()
          FROM unnest(ARRAY['Foo1234', 'foo1234', 'BAR_baz', 'bar_BAZ', 'Bar_Baz', 'alone_here'])
            WITH ORDINALITY AS u(name, n);`)
      const failure = await database.migrate(migrationsFolder).then(
        () => undefined,
        (error: unknown) => error,
      )
      // drizzle wraps the database's error; its text is in the chain.
      const texts: string[] = []
      for (let e = failure; e instanceof Error; e = e.cause) texts.push(e.message)
      const text = texts.join(' | ')
      expect(text).toContain('usernames that differ only in case: ')
      expect(text).toContain('Foo1234, foo1234')
      expect(text).toContain('BAR_baz, Bar_Baz, bar_BAZ')
      expect(text).not.toContain('alone_here')
      expect(text).toContain('and migrate again')
      // Nothing renamed, nothing applied.
      expect(
        (await database.query('SELECT username FROM users ORDER BY id')).map((r) => r.username),
      ).toEqual(['Foo1234', 'foo1234', 'BAR_baz', 'bar_BAZ', 'Bar_Baz', 'alone_here'])
      expect(
        await database.query(
          `SELECT 1 FROM pg_indexes WHERE indexname = 'users_username_key_unique'`,
        ),
      ).toEqual([])

      // Once a person has renamed all but one of each group, it runs.
      await database.query(`
        UPDATE users SET username = 'foo1234_b' WHERE username = 'foo1234';
        UPDATE users SET username = 'bar_baz_2' WHERE username = 'bar_BAZ';
        UPDATE users SET username = 'bar_baz_3' WHERE username = 'Bar_Baz';`)
      await database.migrate(migrationsFolder)
      const insertTwin = database.query(
        `INSERT INTO users (username, password_hash, custnum, program, password_changed_at, created_at)
         VALUES ('FOO1234', 'x', 'BC7', 'bclip', now(), now())`,
      )
      await expect(insertTwin).rejects.toThrow(/users_username_key_unique/)
      // The stored spellings are kept as they were typed.
      expect(
        (await database.query('SELECT username FROM users ORDER BY id')).map((r) => r.username),
      ).toEqual(['Foo1234', 'foo1234_b', 'BAR_baz', 'bar_baz_2', 'bar_baz_3', 'alone_here'])
    } finally {
      await database.close()
      await cleanUp()
    }
  })
})
