// Every registered route, from the attacker's side (ASVS 8.2.1, 2.2.1, 16.5.3; checklist rows
// 37, 39, 42): no session, a session at the wrong stage, and malformed input of every kind
// get the expected 4xx, change nothing, and never a 5xx or a stack trace. The table must
// name every route the service registers: a new route that is not in it fails the first test.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { specCalls } from '@portal/contract'
import {
  appForFile,
  manualClock,
  type TestClient,
  demoPassword,
  resetPassword,
} from '../harness.ts'

/**
 * Who may call a route. `public`: anyone. `signedIn`: a session past the password (not one
 * that must replace it). `mfa`: a session at the second factor (or past it). `member`: past
 * the second factor. `tempPassword`: only a session that must replace its password. `gone`:
 * answers 410 to everyone. `page`, `demo`, `ops`: pages (a GET, and a POST of a form sent
 * before any script ran, answered by a redirect to the GET), demo-mode pages, health.
 * `staff`: the support console's own session (issue 15); no member session reaches it.
 */
type Access =
  | 'public'
  | 'signedIn'
  | 'mfa'
  | 'member'
  | 'tempPassword'
  | 'gone'
  | 'page'
  | 'demo'
  | 'ops'
  | 'staff'
  /** Issue 27: any live session, at whatever stage (the idle time left, "Stay signed in"). */
  | 'anySession'
  /**
   * Issue 44: the OpenID Provider's endpoints, which keep their own state and checks (PKCE,
   * client authentication, signed cookies): no portal session. Attacked in test/oidc.
   */
  | 'openid'

interface RouteCase {
  access: Access
  /** How the call sends its input, and a valid example of it (malformed copies derive from it). */
  input?: { as: 'json' | 'form'; valid: Record<string, unknown> }
}

const auth = '/api/us-web-authentication'
const login = { userName: 'bclip_demo', password: demoPassword }
const createUser = {
  userLoginNm: 'new_member_1',
  userPassword: 'Secret#123',
  phoneNumber: '3125550199',
  appName: 'USWEB',
  membershipCd: 'X1',
  primaryEmailAddress: 'x@example.com',
  optLocVersionNo: '0',
  level1Org: '100',
}
const contact = { deliveryMethod: 'email', appName: 'usweb', emailAddress: 'x@example.com' }
const reason = { reason: 'Caller verified by phone' }
const credential = { id: 'AAAA', rawId: 'AAAA', type: 'public-key' }
const assertion = {
  ...credential,
  response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
}
const attestation = {
  ...credential,
  response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
}
const json = (valid: Record<string, unknown>) => ({ as: 'json' as const, valid })
const form = (valid: Record<string, string>) => ({ as: 'form' as const, valid })

const table: Record<string, RouteCase> = {
  'GET /healthz': { access: 'ops' },
  'GET /readyz': { access: 'ops' },
  'GET /api/openapi.json': { access: 'ops' },
  // Sign-in
  'POST /api/authentication': {
    access: 'public',
    input: form({ j_username: 'bclip_demo', j_password: demoPassword }),
  },
  [`POST ${auth}/authenticate`]: {
    access: 'public',
    input: form({ ...login, velLevel1Org: '100' }),
  },
  [`POST ${auth}/eauthenticate`]: {
    access: 'public',
    input: form({ ...login, velLevel1Org: '100' }),
  },
  [`POST ${auth}/authenticateForPLWithValidations`]: { access: 'public', input: form(login) },
  'POST /api/login': {
    access: 'public',
    input: json({ username: 'bclip_demo', password: demoPassword }),
  },
  'POST /api/logout': { access: 'public', input: json({}) },
  [`GET ${auth}/getUser`]: { access: 'signedIn' },
  'POST /api/portal/handoff': { access: 'member', input: json({ target: 'login' }) },
  'GET /api/portal/session': { access: 'anySession' },
  'POST /api/portal/session/keep-alive': { access: 'anySession', input: json({}) },
  // Account
  'GET /api/account': { access: 'signedIn' },
  'POST /api/account': { access: 'member', input: json({ firstName: 'Pat' }) },
  'POST /api/fidbond-api/account': { access: 'signedIn', input: json({ username: 'bclip_demo' }) },
  [`POST ${auth}/updateuser`]: {
    access: 'member',
    input: form({ ...login, currentPassword: demoPassword, password: 'Another#123' }),
  },
  [`POST ${auth}/updateTempPassword`]: {
    access: 'tempPassword',
    input: form({ userName: 'dtcpnc_demo', password: 'Another#123' }),
  },
  // Customer
  'GET /api/customer-api/getPOMailingAddress/:program': { access: 'public' },
  'POST /api/customer-api/find': {
    access: 'signedIn',
    input: json({ clientPrefix: 'bclip', customerNumber: 'B0001', level1Org: '100' }),
  },
  'POST /api/customer-api/saveCustomer': {
    access: 'member',
    input: json({ caddr1: '1 Main St', ccity: 'Springfield', cstate: 'IL', postalcode: '62701' }),
  },
  'POST /api/policy-api/findCurrentTerm': { access: 'member', input: json({}) },
  // Registration
  [`POST ${auth}/finduserbymembercode`]: {
    access: 'public',
    input: json({ membershipCd: 'X1', primaryEmailAddress: 'x@example.com' }),
  },
  [`POST ${auth}/createuser`]: { access: 'public', input: json(createUser) },
  'POST /api/fidbond-api/create': { access: 'public', input: json(createUser) },
  // Recovery
  [`POST ${auth}/validateanswers`]: { access: 'gone', input: json({}) },
  [`POST ${auth}/finduserbyusername`]: { access: 'gone', input: json({ username: 'x' }) },
  [`POST ${auth}/updatesecurityAnswer`]: { access: 'gone', input: json({}) },
  [`POST ${auth}/getContactInfoByPersonCd`]: {
    access: 'public',
    input: json({ custNum: 'B0001', appName: 'usweb' }),
  },
  [`POST ${auth}/getContactInfoByUsername`]: {
    access: 'public',
    input: json({ username: 'bclip_demo', appName: 'usweb' }),
  },
  [`POST ${auth}/findEmail`]: { access: 'public', input: json(contact) },
  [`POST ${auth}/sendUserName`]: { access: 'public', input: json(contact) },
  [`POST ${auth}/sendTempPassword`]: { access: 'public', input: json(contact) },
  [`POST ${auth}/sendOTPToContactInfo`]: {
    access: 'public',
    input: json({
      ...contact,
      firstPageSelectedMode: 'email',
      firstPageSelectedValue: 'x@example.com',
    }),
  },
  // Verification
  'GET /api/mfa/getCountries': { access: 'public' },
  'GET /api/mfa/getMFAUser': { access: 'mfa' },
  'POST /api/mfa/authenticate': { access: 'mfa', input: json({}) },
  'GET /api/mfa/getDetails': { access: 'mfa' },
  'POST /api/mfa/updateUser': {
    access: 'mfa',
    input: json({
      typeOfEmailAddress: 'Personal',
      emailAddress: 'x@example.com',
      typeOfPhoneNumber: 'Personal',
      phoneNumber: '312-555-0101',
      geoCountryId: 'United States',
    }),
  },
  'POST /api/mfa/submitVerification': { access: 'mfa', input: json({ rgValue: 'email' }) },
  'POST /api/mfa/generateNewCode': { access: 'mfa', input: json({}) },
  'POST /api/mfa/enterverificationcode': {
    access: 'mfa',
    input: json({ verificationCode: '123456' }),
  },
  'POST /api/mfa/mfaSupport': { access: 'mfa', input: json({}) },
  // Issue 23: passkeys (the WebAuthn JSON shapes; the service judges their content)
  'GET /api/passkeys/status': { access: 'mfa' },
  'POST /api/passkeys/authentication/options': { access: 'mfa', input: json({}) },
  'POST /api/passkeys/authentication': { access: 'mfa', input: json({ response: assertion }) },
  'GET /api/passkeys': { access: 'member' },
  'POST /api/passkeys/registration/options': { access: 'member', input: json({}) },
  'POST /api/passkeys/registration': { access: 'member', input: json({ response: attestation }) },
  'POST /api/passkeys/remove': { access: 'member', input: json({ id: 1 }) },
  // The support console (issue 15): staff sign in with a password, then an emailed code
  'POST /api/console/sign-in': {
    access: 'public',
    input: json({ email: 'agent@example.com', password: 'Not#TheRight1' }),
  },
  'POST /api/console/verify': { access: 'staff', input: json({ code: '123456' }) },
  'POST /api/console/sign-out': { access: 'staff', input: json({}) },
  'GET /api/console/me': { access: 'staff' },
  // One member search (issue 42): the service decides what the text is.
  'POST /api/console/search': { access: 'staff', input: json({ q: 'bclip_demo' }) },
  // Issue 31: the support desk's daily tasks (member-admin.routes.ts).
  'POST /api/console/members/:username/disable': { access: 'staff', input: json(reason) },
  'POST /api/console/members/:username/enable': { access: 'staff', input: json(reason) },
  'GET /api/console/audit-export': { access: 'staff' },
  'POST /api/console/password': {
    access: 'staff',
    input: json({ currentPassword: 'x', newPassword: 'a-long-enough-password' }),
  },
  'GET /api/console/incidents': { access: 'staff' },
  'GET /api/console/incidents/:ticket': { access: 'staff' },
  'POST /api/console/incidents/:ticket/resolve': { access: 'staff', input: json(reason) },
  'GET /api/console/members/:username': { access: 'staff' },
  'POST /api/console/members/:username/unlock': { access: 'staff', input: json(reason) },
  'POST /api/console/members/:username/reset-mfa': { access: 'staff', input: json(reason) },
  'POST /api/console/members/:username/revoke-sessions': { access: 'staff', input: json(reason) },
  'POST /api/console/members/:username/resend-username': { access: 'staff', input: json(reason) },
  'POST /api/console/members/:username/passkeys/:id/remove': {
    access: 'staff',
    input: json(reason),
  },
  'GET /api/console/staff': { access: 'staff' },
  'GET /api/console/oidc-sites': { access: 'staff' },
  'POST /api/console/staff': {
    access: 'staff',
    input: json({ email: 'new.agent@example.com', role: 'agent' }),
  },
  // Demo mode only
  'GET /api/reference': { access: 'demo' },
  'GET /api/reference.css': { access: 'demo' },
  'GET /demo/demo.css': { access: 'demo' },
  'GET /demo/main-site/receiver.js': { access: 'demo' },
  'GET /demo/main-site/usweb/': { access: 'demo' },
  'GET /demo/policy-app/': { access: 'demo' },
  'GET /demo/*': { access: 'demo' },
  'GET /dev/outbox.json': { access: 'demo' },
  'GET /dev/outbox': { access: 'demo' },
  'GET /oidc/*': { access: 'openid' },
  'POST /oidc/*': { access: 'openid' },
  'OPTIONS /oidc/*': { access: 'openid' },
  'GET /oidc/interaction/:uid': { access: 'openid' },
  // The portal's pages
  'GET /': { access: 'page' },
  'GET /usweb': { access: 'page' },
  'GET /usweb/*': { access: 'page' },
  'GET /proliability': { access: 'page' },
  'GET /proliability/*': { access: 'page' },
  'GET /support-console': { access: 'page' },
  'GET /support-console/*': { access: 'page' },
  'POST /usweb': { access: 'page' },
  'POST /usweb/*': { access: 'page' },
  'POST /proliability': { access: 'page' },
  'POST /proliability/*': { access: 'page' },
  'POST /support-console': { access: 'page' },
  'POST /support-console/*': { access: 'page' },
}

const clock = manualClock()
const t = appForFile({ clock })

const entries = () => Object.entries(table).map(([key, c]) => ({ key, ...c, ...split(key) }))
function split(key: string) {
  const [method = '', url = ''] = key.split(' ')
  return { method, url, path: url.replace(':program', 'bclip').replace('*', 'x') }
}

/** A fingerprint of everything a call could change. */
async function snapshot(): Promise<string[]> {
  const tables = [
    'users',
    'customers',
    'sessions',
    'mfa_contacts',
    'verification_codes',
    'known_devices',
    'seen_devices',
    'password_history',
    'incidents',
    'outbox',
    'audit_log',
    'policy_terms',
  ]
  return Promise.all(
    tables.map(async (name) => {
      const result = await t.database.db.execute(
        sql.raw(
          `select count(*)::text || ':' || coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as f from ${name} r`,
        ),
      )
      const rows =
        (result as unknown as { rows?: { f: string }[] }).rows ??
        (result as unknown as { f: string }[])
      return `${name} ${rows[0]?.f ?? '?'}`
    }),
  )
}

/** A 4xx answer in the service's problem shape, with no stack, path or SQL in it. */
function expectRefusal(response: LightMyRequestResponse, what: string, statuses?: number[]) {
  if (statuses) expect(statuses, what).toContain(response.statusCode)
  expect(response.statusCode, what).toBeGreaterThanOrEqual(400)
  expect(response.statusCode, what).toBeLessThan(500)
  expect(response.body, what).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|"stack"/)
  expect(response.body, what).not.toMatch(/\b(SELECT|INSERT|UPDATE|DELETE)\b.*\b(FROM|INTO|SET)\b/)
  const problem = response.json() as { error?: unknown; message?: unknown }
  expect(typeof problem.error, what).toBe('string')
  expect(typeof problem.message, what).toBe('string')
}

function send(
  client: TestClient,
  method: string,
  url: string,
  payload: string | undefined,
  contentType: string | undefined,
) {
  return client.send({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: contentType ? { 'content-type': contentType } : {},
  })
}

const encode = (as: 'json' | 'form', body: Record<string, unknown>) =>
  as === 'json'
    ? JSON.stringify(body)
    : new URLSearchParams(
        Object.entries(body).flatMap(([k, v]) =>
          Array.isArray(v) ? v.map((item) => [k, String(item)]) : [[k, String(v)]],
        ),
      ).toString()
const typeOfInput = { json: 'application/json', form: 'application/x-www-form-urlencoded' }

describe('the route table', () => {
  it('names every route the service registers, and nothing else', () => {
    const registered = t.app.registeredRoutes
      .filter(({ url }) => !existsSync(join(t.config.webDistDir, url)) || url === '/')
      .map(({ method, url }) => `${method} ${url}`)
    expect([...new Set(registered)].sort()).toEqual(Object.keys(table).sort())
  })
})

describe("the OpenID Provider's routes", () => {
  it('answer a made-up address, uid or token request with a 4xx and no stack, changing nothing', async () => {
    const before = await snapshot()
    const client = t.client()
    for (const [method, url] of [
      ['GET', '/oidc/x'],
      ['POST', '/oidc/token'],
      ['GET', '/oidc/interaction/not-a-uid'],
      ['GET', '/oidc/auth?client_id=nobody&response_type=code&scope=openid'],
      ['GET', '/oidc/%2e%2e/api/account'],
    ] as const) {
      const response = await send(
        client,
        method,
        url,
        method === 'POST' ? 'a=b' : undefined,
        method === 'POST' ? typeOfInput.form : undefined,
      )
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500)
      expect(response.body, `${method} ${url}`).not.toMatch(
        /\bat \S+ \(|node_modules|\.ts:\d+|"stack"/,
      )
    }
    expect(await snapshot()).toEqual(before)
  })
})

describe('the calls of spec §7', () => {
  it('are all routed: none answers 404, 405 or 501', async () => {
    for (const call of Object.values(specCalls)) {
      const route = table[`${call.method} ${call.path.replace('{program}', ':program')}`]
      expect(route, call.path).toBeDefined()
      const body = route?.input ? encode(route.input.as, route.input.valid) : undefined
      const type = route?.input ? typeOfInput[route.input.as] : undefined
      const path = call.path.replace('{program}', 'bclip')
      const response = await send(t.client(), call.method, path, body, type)
      expect([404, 405, 501], `${call.method} ${path}`).not.toContain(response.statusCode)
    }
  })
})

describe('without the right session', () => {
  let stages: Record<'none' | 'temp' | 'mfa' | 'member', TestClient>
  beforeAll(async () => {
    await resetPassword(t, 'dtcpnc_demo', demoPassword)
    const temp = t.client()
    await temp.login('dtcpnc_demo', demoPassword)
    const mfa = t.client()
    await mfa.login('bclip_demo', demoPassword)
    const member = t.client()
    await member.signIn('dtcria_demo', demoPassword)
    stages = { none: t.client(), temp, mfa, member }
  })

  /** Which sessions each kind of route must refuse, and with what. */
  const refusedBy: Partial<
    Record<Access, { stages: (keyof typeof stages)[]; statuses: number[] }>
  > = {
    signedIn: { stages: ['none', 'temp'], statuses: [401] },
    mfa: { stages: ['none', 'temp'], statuses: [401] },
    member: { stages: ['none', 'temp', 'mfa'], statuses: [401] },
    tempPassword: { stages: ['none', 'mfa', 'member'], statuses: [401] },
    gone: { stages: ['none', 'temp', 'mfa', 'member'], statuses: [410] },
    staff: { stages: ['none', 'temp', 'mfa', 'member'], statuses: [401] },
    anySession: { stages: ['none'], statuses: [401] },
  }

  it('refuses every guarded route, with a valid request, and changes nothing', async () => {
    const before = await snapshot()
    let checked = 0
    for (const route of entries()) {
      const rule = refusedBy[route.access]
      if (!rule) continue
      for (const stage of rule.stages) {
        const body = route.input ? encode(route.input.as, route.input.valid) : undefined
        const type = route.input ? typeOfInput[route.input.as] : undefined
        const response = await send(stages[stage], route.method, route.path, body, type)
        expectRefusal(response, `${route.key} with session ${stage}`, rule.statuses)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(50)
    expect(await snapshot()).toEqual(before)
  })
})

describe('malformed input', () => {
  const long = (size: number) => 'a'.repeat(size)
  const controls = ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\nb', 'a\u007fb']

  it('is refused with a 4xx by every route that takes input, and changes nothing', async () => {
    const client = t.client()
    const before = await snapshot()
    let checked = 0
    for (const route of entries()) {
      if (!route.input) continue
      const { as, valid } = route.input
      const type = typeOfInput[as]
      const attempt = async (what: string, payload: string, contentType = type) => {
        const response = await send(client, route.method, route.path, payload, contentType)
        expectRefusal(response, `${route.key}: ${what}`)
        checked++
      }
      await attempt('wrong content type', 'hello', 'text/plain')
      if (as === 'json') {
        const response = await send(
          client,
          route.method,
          route.path,
          encode('form', valid as Record<string, string>),
          typeOfInput.form,
        )
        expect(response.statusCode, `${route.key}: an HTML form to a JSON call`).toBe(415)
      }
      await attempt('broken JSON', '{"a":', 'application/json')
      await attempt('JSON that is not an object', '[1,2,3]', 'application/json')
      await attempt('an extra field', encode(as, { ...valid, isAdmin: 'true' }))
      await attempt('100 KB in one field', encode(as, { ...valid, x: long(100_000) }))
      const fields = Object.keys(valid)
      if (fields.length > 0) await attempt('every field missing', encode(as, {}))
      for (const field of fields) {
        const withField = (value: unknown) => encode(as, { ...valid, [field]: value })
        await attempt(`${field} of 10 KB`, withField(long(10_000)))
        await attempt(`${field} of 100 KB`, withField(long(100_000)))
        for (const bad of controls)
          await attempt(`${field} with ${JSON.stringify(bad)}`, withField(bad))
        if (as === 'json') {
          await attempt(`${field} a number`, withField(12345))
          await attempt(`${field} an object`, withField({ $ne: null }))
          await attempt(`${field} null`, withField(null))
        } else {
          await attempt(`${field} repeated`, withField(['a', 'b']))
        }
        const rest = Object.fromEntries(Object.entries(valid).filter(([name]) => name !== field))
        // A missing optional field is not malformed; only required ones are tried alone.
        if (route.access !== 'public' || !isOptional(route.key, field)) {
          await attempt(`${field} missing`, encode(as, rest))
        }
      }
    }
    expect(checked).toBeGreaterThan(500)
    expect(await snapshot()).toEqual(before)
  })

  it('answers NUL bytes in the form login with 400 and the field, not 500 (issue 13)', async () => {
    const response = await t.client().postForm('/api/authentication', {
      j_username: 'bclip\u0000demo',
      j_password: demoPassword,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ fields: [{ field: 'j_username' }] })
  })

  it('gives each field its contract message', async () => {
    const response = await t.client().postForm(`${auth}/authenticate`, {
      userName: ' ',
      password: demoPassword,
      velLevel1Org: '100',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      message: 'Username is required',
      fields: [{ field: 'userName', message: 'Username is required' }],
    })
  })
})

describe('pages and reads', () => {
  it('answer every GET without a session with no 5xx (the page shell only when built)', async () => {
    for (const route of entries()) {
      if (route.method !== 'GET' || refusesWithoutSession(route.access)) continue
      const response = await t.client().get(route.path)
      const isUnbuiltShell =
        route.access === 'page' &&
        response.statusCode === 503 &&
        /not been built/.test(response.body)
      if (!isUnbuiltShell) expect(response.statusCode, route.key).toBeLessThan(500)
    }
  })

  it('refuses a malformed path parameter with a 4xx', async () => {
    for (const program of ['%00', 'a%0Ab', 'x'.repeat(5000), '..%2F..%2Fetc']) {
      const response = await t.client().get(`/api/customer-api/getPOMailingAddress/${program}`)
      expectRefusal(response, program)
    }
  })
})

const refusesWithoutSession = (access: Access) =>
  ['signedIn', 'mfa', 'member', 'tempPassword', 'gone', 'staff', 'anySession'].includes(access)

/** Fields a public call may leave out (sending it without them is a valid request). */
function isOptional(key: string, field: string): boolean {
  return key.includes('/send') || key.includes('/findEmail') ? field === 'emailAddress' : false
}
