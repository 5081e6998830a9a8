// DESIGN.md "Scale": users and customer records are looked up by indexed keys; nothing scans
// a table on a request path. This walks the API through its main flows, records every
// statement the service sends to PostgreSQL, and asks the planner how it would run each one
// with sequential scans switched off (so the test's tiny tables cannot make a scan look
// cheap): a Seq Scan that remains means no index can serve the query.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { programOf } from '@portal/contract'
import { withDatabase } from '../../src/testing/databases.ts'
import {
  manualClock,
  startTestApp,
  type TestApp,
  type TestClient,
  demoCustomers,
  demoPassword,
  demoCustomer as demo,
  newStaff,
} from '../harness.ts'

/**
 * Tables that stay small whatever the number of accounts, so a scan of one costs nothing:
 * reference data (a row per country, per program) and the support desk's own staff (tens of
 * people, and their sessions). Every other table grows with members or their activity.
 */
const smallTables = new Set([
  'countries',
  'mailing_addresses',
  'staff',
  'staff_sessions',
  '__drizzle_migrations',
])

interface Statement {
  text: string
  values: unknown[]
}

/** Every statement sent while `isCapturing`, by its text (the first parameters seen). */
const captured = new Map<string, Statement>()
let isCapturing = false
let databaseName = ''
const clientQuery = pg.Client.prototype.query

beforeAll(() => {
  // Drizzle sends every statement through pg's Client#query (pooled or in a transaction).
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (isCapturing) {
      const [first, second] = args
      const text = typeof first === 'string' ? first : (first as { text?: string }).text
      const values =
        (Array.isArray(second) ? second : (first as { values?: unknown[] }).values) ?? []
      if (text && !captured.has(text)) captured.set(text, { text, values })
      databaseName ||= this.database ?? ''
    }
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof clientQuery
})

const clock = manualClock()
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ clock })
  isCapturing = true
})
afterAll(async () => {
  isCapturing = false
  pg.Client.prototype.query = clientQuery
  await t.close()
})

const auth = '/api/us-web-authentication'

/** The newest message of a template sent to a recipient (the demo outbox viewer). */
async function lastMessage(recipient: string, template: string): Promise<string> {
  const sent = (await t.client().get('/dev/outbox.json')).json() as {
    recipient: string
    template: string
    body: string
  }[]
  return sent.find((m) => m.recipient === recipient && m.template === template)?.body ?? ''
}

async function signedIn(username: string, password = demoPassword): Promise<TestClient> {
  const client = t.client()
  expect((await client.login(username, password)).statusCode).toBe(201)
  expect((await client.passSecondFactor()).statusCode).toBeDefined()
  return client
}

describe('the flows', () => {
  it('signs in: password, code, recognised device, hand-off, account, customer, policy', async () => {
    const wrong = t.client()
    await wrong.login('bclip_demo', 'Wrong#12345')
    await wrong.login('nobody_at_all', 'Wrong#12345')
    const client = await signedIn('bclip_demo')
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(200)
    // A recognised device: no code this time.
    const again = t.client().carryDeviceFrom(client)
    await again.login('bclip_demo', demoPassword)
    await again.checkProgram()
    const decision = await again.mfaDecision('test-device')
    expect(decision.json()).toMatchObject({ statusCode: 'ALLOW_LOGIN' })
    await again.get('/api/account')
    await again.get(`${auth}/getUser`)
    await again.postJson('/api/account', { firstName: 'Dana' })
    await again.checkProgram()
    await again.postJson('/api/customer-api/saveCustomer', {
      caddr1: '1 Main St',
      ccity: 'Springfield',
      cstate: 'IL',
      postalcode: '62701',
    })
    await again.postJson('/api/policy-api/findCurrentTerm', {})
    expect((await again.postJson('/api/portal/handoff', { target: 'login' })).statusCode).toBe(200)
    await again.postForm(`${auth}/updateuser`, {
      userName: 'bclip_demo',
      currentPassword: demoPassword,
      password: 'Quiet#Meadow26',
    })
    await again.postJson('/api/logout', {})
    await t.client().postJson('/api/login', { username: 'fidbond_demo', password: demoPassword })
  })

  it('registers a customer, who enrols at the first sign-in', async () => {
    const c = demoCustomers.find((d) => d.program === 'bclip' && !d.username)
    if (!c) throw new Error('no bclip newcomer')
    const { serviceCode, level1Org } = programOf('bclip')
    const client = t.client()
    await client.postJson('/api/customer-api/find', {
      clientPrefix: serviceCode,
      customerNumber: c.custnum,
      level1Org,
      email: c.email,
      primaryEmailAddress: c.custnum,
      phoneNumber: c.phone,
    })
    await client.postJson(`${auth}/finduserbymembercode`, {
      membershipCd: c.custnum,
      primaryEmailAddress: c.email,
    })
    const created = await client.postJson(`${auth}/createuser`, {
      userLoginNm: 'scale_newcomer',
      userPassword: 'Brisk#Lantern26',
      phoneNumber: c.phone,
      appName: 'USWEB',
      membershipCd: c.custnum,
      primaryEmailAddress: c.email,
      optLocVersionNo: '0',
      level1Org,
    })
    expect(created.json()).toMatchObject({ returnCode: 'SUCCESS' })
    const member = t.client()
    await member.login('scale_newcomer', 'Brisk#Lantern26')
    await member.checkProgram()
    await member.get('/api/mfa/getCountries')
    await member.mfaDecision('new-device')
    await member.postJson('/api/mfa/updateUser', {
      typeOfEmailAddress: 'Personal',
      emailAddress: c.email,
      typeOfPhoneNumber: 'Personal',
      phoneNumber: `${c.phone.slice(0, 3)}-${c.phone.slice(3, 6)}-${c.phone.slice(6)}`,
      geoCountryId: 'United States',
    })
    await member.get('/api/mfa/getDetails')
    await member.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    await member.postJson('/api/mfa/generateNewCode', {})
    await member.send({
      method: 'POST',
      url: '/api/mfa/enterverificationcode',
      headers: member.mfaHeaders('new-device'),
      payload: { verificationCode: await member.latestCode(c.email) },
    })
    expect((await member.postJson('/api/portal/handoff')).statusCode).toBe(200)
  })

  it('recovers a username and a password, and asks for support', async () => {
    const c = demo('augustar_demo')
    const contact = { deliveryMethod: 'email', appName: 'usweb', emailAddress: c.email }
    const client = t.client()
    await client.postJson(`${auth}/getContactInfoByPersonCd`, {
      custNum: c.custnum,
      appName: 'usweb',
    })
    await client.postJson(`${auth}/getContactInfoByUsername`, {
      username: 'augustar_demo',
      appName: 'usweb',
    })
    await client.postJson(`${auth}/findEmail`, contact)
    await client.postJson(`${auth}/sendUserName`, contact)
    await client.postJson(`${auth}/sendTempPassword`, {
      deliveryMethod: 'sms',
      appName: 'usweb',
      phoneNumber: c.phone,
    })
    await client.postJson(`${auth}/sendOTPToContactInfo`, {
      ...contact,
      firstPageSelectedMode: 'email',
      firstPageSelectedValue: c.email,
    })
    await client.postJson(`${auth}/sendTempPassword`, contact)
    const temporary = /is:? (\S+?)\.?(\s|$)/.exec(
      await lastMessage(c.email, 'temporary-password'),
    )?.[1]
    const member = t.client()
    await member.login('augustar_demo', temporary ?? '')
    await member.postForm(`${auth}/updateTempPassword`, {
      userName: 'augustar_demo',
      password: 'Recovered#2026',
    })
    // A wrong code, then support: an incident.
    const stuck = t.client()
    await stuck.login('dtcpnc_demo', demoPassword)
    await stuck.checkProgram()
    await stuck.mfaDecision('unknown-device')
    await stuck.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    await stuck.postJson('/api/mfa/enterverificationcode', { verificationCode: '000000' })
    const support = await stuck.postJson('/api/mfa/mfaSupport', {})
    expect(support.json()).toMatchObject({ statusCode: 'INCIDENT_CREATED' })
  })

  it('answers the reference calls', async () => {
    const client = t.client()
    await client.get('/api/mfa/getCountries')
    await client.get('/api/customer-api/getPOMailingAddress/bclip')
    await client.get('/api/reference')
    await client.get('/readyz')
  })

  it('walks the support console', async () => {
    const email = 'scale.agent@example.com'
    const password = await newStaff(t, email, 'admin')
    const client = t.client()
    await client.postJson('/api/console/sign-in', { email, password })
    const code = /\b(\d{6})\b/.exec(await lastMessage(email, 'verification-code'))?.[1] ?? ''
    expect((await client.postJson('/api/console/verify', { code })).statusCode).toBe(200)
    await client.get('/api/console/me')
    await client.postJson('/api/console/search', { q: 'cabar_demo' })
    await client.postJson('/api/console/search', { q: demo('cabar_demo').custnum })
    const list = (await client.get('/api/console/incidents')).json() as { incidentId: string }[]
    await client.get('/api/console/incidents?status=open')
    const ticket = list[0]?.incidentId ?? 'none'
    await client.get(`/api/console/incidents/${ticket}`)
    const reason = { reason: 'Caller verified by phone' }
    await client.postJson(`/api/console/incidents/${ticket}/resolve`, reason)
    await client.get('/api/console/members/cabar_demo')
    for (const action of ['unlock', 'reset-mfa', 'revoke-sessions', 'resend-username']) {
      await client.postJson(`/api/console/members/cabar_demo/${action}`, reason)
    }
    await client.get('/api/console/staff')
    await client.postJson('/api/console/staff', { email: 'scale.new@example.com', role: 'agent' })
    await client.postJson('/api/console/sign-out', {})
  })

  // Not requests, but every instance runs them all the time.
  it('delivers the outbox and sweeps what retention drops', async () => {
    await t.app.outbox.worker.drain()
    await t.app.purgeExpired()
  })
})

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Index Cond'?: string
  Filter?: string
  Plans?: PlanNode[]
}

/**
 * The tables a plan reads whole: a Seq Scan, or an index read end to end (no Index Cond),
 * which is what the planner picks instead when sequential scans are off. An unfiltered
 * index read that streams into a Limit (directly, or as the outer side of a nested loop)
 * stops after the rows it needs, the newest N: that is not a whole read.
 */
function wholeReads(node: PlanNode, isStreamedToLimit = false): string[] {
  const table = node['Relation Name']
  const type = node['Node Type']
  const isIndexRead = type === 'Index Scan' || type === 'Index Only Scan'
  const isTopN = isStreamedToLimit && node.Filter === undefined
  const read =
    table && type === 'Seq Scan'
      ? [`Seq Scan on ${table}`]
      : table && isIndexRead && node['Index Cond'] === undefined && !isTopN
        ? [`whole index ${node['Index Name'] ?? '?'} on ${table}`]
        : []
  const streams = (i: number) =>
    type === 'Limit' || (isStreamedToLimit && type === 'Nested Loop' && i === 0)
  return [...read, ...(node.Plans ?? []).flatMap((child, i) => wholeReads(child, streams(i)))]
}

describe('every statement those flows sent', () => {
  it('uses an index on every table that grows with accounts', async () => {
    isCapturing = false
    const url = process.env.DATABASE_URL ?? ''
    const explained = [...captured.values()].filter((s) =>
      /^\s*(select|insert|update|delete|with)\b/i.test(s.text),
    )
    expect(explained.length).toBeGreaterThan(50)
    const client = new pg.Client({ connectionString: withDatabase(url, databaseName) })
    await client.connect()
    const scans: string[] = []
    try {
      for (const statement of explained) {
        await client.query('begin')
        try {
          await client.query('set local enable_seqscan = off')
          const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
            `explain (format json) ${statement.text}`,
            statement.values,
          )
          const plan = rows[0]?.['QUERY PLAN'][0]?.Plan
          const large = (plan ? wholeReads(plan) : []).filter(
            (read) => !smallTables.has(read.split(' on ')[1] ?? ''),
          )
          if (large.length > 0) scans.push(`${large.join(', ')}: ${statement.text}`)
        } finally {
          await client.query('rollback')
        }
      }
    } finally {
      await client.end()
    }
    expect(scans).toEqual([])
  })
})
