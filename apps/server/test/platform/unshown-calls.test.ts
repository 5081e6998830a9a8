// The ten calls spec §7 lists without payloads, as decision 0008 settles them.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { messages, programOf } from '@portal/contract'
import { importPolicyTermsCsv } from '../../src/modules/policy/policy-term-import.service.ts'
import {
  appForFile,
  manualClock,
  type TestClient,
  demoCustomers,
  demoPassword,
} from '../harness.ts'

const auth = '/api/us-web-authentication'
const clock = manualClock()
const t = appForFile({ clock })

const custnumOf = (username: string) => {
  const customer = demoCustomers.find((c) => c.username === username)
  if (!customer) throw new Error(username)
  return customer.custnum
}
const day = (offsetDays: number) =>
  new Date(clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10)

async function member(username: string): Promise<TestClient> {
  const client = t.client()
  const { level1Org } = programOf(username.replace(/_demo$/, '') as 'bclip')
  await client.signIn(username, demoPassword, level1Org)
  return client
}

describe('POST eauthenticate', () => {
  it('signs in exactly as authenticate does', async () => {
    const client = t.client()
    const response = await client.postForm(`${auth}/eauthenticate`, {
      userName: 'cabar_demo',
      password: demoPassword,
      velLevel1Org: programOf('cabar').level1Org,
    })
    expect(response.statusCode).toBe(201)
    expect(client.cookies.has('portal_sid')).toBe(true)
    const wrong = await t.client().postForm(`${auth}/eauthenticate`, {
      userName: 'nobody_at_all',
      password: demoPassword,
      velLevel1Org: '100',
    })
    // An unknown username answers as a known one does (issue 14: shadow counters).
    expect(wrong.json()).toEqual({ message: 'Invalid Attempt 1' })
  })
})

describe('GET and POST /api/account', () => {
  it('gives the signed-in account once the password is right', async () => {
    const client = t.client()
    await client.login('dtcria_demo', demoPassword)
    const response = await client.get('/api/account')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      login: 'dtcria_demo',
      firstName: 'Dana',
      customerNumber: custnumOf('dtcria_demo'),
      prgName: 'dtcria',
      imageUrl: null,
      authorities: ['ROLE_USER'],
    })
  })

  it("saves the member's own first name after the second factor, nothing else", async () => {
    const client = await member('dtcria_demo')
    const saved = await client.postJson('/api/account', { firstName: ' Robin ' })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ login: 'dtcria_demo', firstName: 'Robin' })
    const sneaky = await client.postJson('/api/account', { firstName: 'X', login: 'bclip_demo' })
    expect(sneaky.statusCode).toBe(400)
    expect((await client.get('/api/account')).json()).toMatchObject({ firstName: 'Robin' })
  })
})

describe('POST updateuser (password change of the signed-in member)', () => {
  it('needs the current password, keeps the history of eight, and ends the other sessions', async () => {
    const elsewhere = t.client()
    await elsewhere.login('dtcpnc_demo', demoPassword)
    const client = await member('dtcpnc_demo')

    const wrongCurrent = await client.postForm(`${auth}/updateuser`, {
      userName: 'dtcpnc_demo',
      currentPassword: 'Not#theone1',
      password: 'Amber#Harbor27',
    })
    expect(wrongCurrent.statusCode).toBe(400)
    expect(wrongCurrent.json()).toMatchObject({
      fields: [{ field: 'currentPassword', message: messages.account.currentPasswordWrong }],
    })
    const notMine = await client.postForm(`${auth}/updateuser`, {
      userName: 'bclip_demo',
      currentPassword: demoPassword,
      password: 'Amber#Harbor27',
    })
    expect(notMine.statusCode).toBe(403)
    const weak = await client.postForm(`${auth}/updateuser`, {
      userName: 'dtcpnc_demo',
      currentPassword: demoPassword,
      password: 'short',
    })
    expect(weak.json()).toMatchObject({ message: messages.validation.passwordMinLength })

    const changed = await client.postForm(`${auth}/updateuser`, {
      userName: 'dtcpnc_demo',
      currentPassword: demoPassword,
      password: 'Amber#Harbor27',
    })
    expect(changed.json()).toEqual({
      passwordUpdated: true,
      matchesPreviousEightPasswords: false,
      otherSessionsEnded: true,
    })
    expect((await elsewhere.get('/api/account')).statusCode).toBe(401)
    expect((await client.get('/api/account')).statusCode).toBe(200)

    const again = await client.postForm(`${auth}/updateuser`, {
      userName: 'dtcpnc_demo',
      currentPassword: 'Amber#Harbor27',
      password: 'Amber#Harbor27',
    })
    expect(again.json()).toMatchObject({
      passwordUpdated: false,
      matchesPreviousEightPasswords: true,
    })

    // The hand-off now carries the new password, and only the new one signs in.
    const handoff = await client.postJson('/api/portal/handoff')
    const { url } = handoff.json() as { url: string }
    const data = JSON.parse(
      Buffer.from(decodeURIComponent(url.split('data=')[1] ?? ''), 'base64').toString(),
    ) as { password: string }
    expect(data.password).toBe('Amber#Harbor27')
    expect((await t.client().login('dtcpnc_demo', 'Amber#Harbor27')).json()).not.toMatchObject({
      message: expect.stringMatching(/Invalid/),
    })
  })
})

describe('POST findCurrentTerm', () => {
  it("answers the signed-in customer's current term from the imported terms", async () => {
    const custnum = custnumOf('dtcmyaccount_demo')
    const csv = [
      'policyNumber,custnum,prgName,termStart,termEnd',
      `P-100,${custnum},dtcmyaccount,${day(-400)},${day(-36)}`,
      `P-100,${custnum},dtcmyaccount,${day(-35)},${day(330)}`,
      `P-100,${custnum},dtcmyaccount,${day(331)},${day(695)}`,
      `P-200,NOSUCH1,dtcmyaccount,${day(-10)},${day(10)}`,
      `P-300,${custnum},dtcmyaccount,2026-02-30,${day(10)}`,
      `P-400,${custnum},dtcmyaccount,${day(10)},${day(-10)}`,
      `P-500,${custnum},nosuchprogram,${day(-10)},${day(10)}`,
    ].join('\n')
    const report = await importPolicyTermsCsv({ store: t.store, clock }, csv)
    expect(report.imported).toBe(3)
    expect(report.rejected.map((r) => r.line)).toEqual([5, 6, 7, 8])
    // A second import of the same file changes nothing.
    expect((await importPolicyTermsCsv({ store: t.store, clock }, csv)).imported).toBe(3)

    const client = await member('dtcmyaccount_demo')
    const response = await client.postJson('/api/policy-api/findCurrentTerm', {})
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      currentTerm: {
        policyNumber: 'P-100',
        prgName: 'dtcmyaccount',
        termStart: day(-35),
        termEnd: day(330),
      },
    })
    const other = await client.postJson('/api/policy-api/findCurrentTerm', {
      custnum: custnumOf('bclip_demo'),
    })
    expect(other.statusCode).toBe(403)
  })

  it('answers null for a customer with no term today', async () => {
    const client = await member('fidbond_demo')
    expect((await client.postJson('/api/policy-api/findCurrentTerm')).json()).toEqual({
      currentTerm: null,
    })
  })

  it('refuses a file with other columns', async () => {
    await expect(
      importPolicyTermsCsv({ store: t.store, clock }, 'policy,custnum\nP-1,X'),
    ).rejects.toThrow(/Expected the columns/)
  })
})

describe('portal-admin import-policy-terms', () => {
  // A fresh process creating a fresh embedded database: seconds, more on a busy machine.
  it('imports terms for the customers the database has', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-admin-terms-'))
    try {
      const customersFile = join(dir, 'customers.csv')
      await writeFile(customersFile, 'custnum,kprogName,level1org\nTT00001,bclip,100\n')
      const termsFile = join(dir, 'terms.csv')
      await writeFile(
        termsFile,
        `policyNumber,custnum,prgName,termStart,termEnd\nP-1,TT00001,bclip,${day(-1)},${day(364)}\nP-2,NOSUCH1,bclip,${day(-1)},${day(364)}\n`,
      )
      const cli = new URL('../../src/cli/portal-admin.ts', import.meta.url).pathname
      const admin = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
          env: { ...process.env, DEMO_MODE: 'true', DATABASE_URL: '', DATA_DIR: join(dir, 'db') },
        }).catch((error: { stdout: string; stderr: string; code: number }) => error)
      expect((await admin('import-customers', customersFile)).stdout).toContain(
        'Imported or updated 1 customer record(s).',
      )
      const result = await admin('import-policy-terms', termsFile)
      expect(result.stdout).toContain('Imported or updated 1 policy term(s).')
      expect(result.stdout).toContain('Line 3 rejected: custnum NOSUCH1 has no customer record')
      expect('code' in result ? result.code : 0).toBe(2)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('POST saveCustomer', () => {
  it("saves the member's own mailing address and nothing else on the record", async () => {
    const client = await member('equipmentrenew_demo')
    const address = { caddr1: '1 Main St', ccity: 'Springfield', cstate: 'IL', postalcode: '62701' }
    const saved = await client.postJson('/api/customer-api/saveCustomer', address)
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({
      ...address,
      custnum: custnumOf('equipmentrenew_demo'),
      kprogName: 'equipmentrenew',
    })
    const massAssignment = await client.postJson('/api/customer-api/saveCustomer', {
      ...address,
      status: 'a',
    })
    expect(massAssignment.statusCode).toBe(400)
    const someoneElse = await client.postJson('/api/customer-api/saveCustomer', {
      ...address,
      custnum: custnumOf('bclip_demo'),
    })
    expect(someoneElse.statusCode).toBe(403)
    const badZip = await client.postJson('/api/customer-api/saveCustomer', {
      ...address,
      postalcode: '6270',
    })
    expect(badZip.json()).toMatchObject({ message: messages.account.zipCode })
  })
})

describe('POST fidbond-api/create', () => {
  it('creates an account with the same rules and answers as createuser', async () => {
    const newcomer = demoCustomers.find((c) => c.program === 'fidbond' && !c.username)
    if (!newcomer) throw new Error('no fidbond newcomer')
    const request = {
      userLoginNm: 'new_fidbond_user',
      userPassword: 'Brisk#Lantern26',
      phoneNumber: newcomer.phone,
      appName: 'USWEB',
      membershipCd: newcomer.custnum,
      firstName: 'Nico',
      primaryEmailAddress: newcomer.email,
      optLocVersionNo: '0',
      level1Org: programOf('fidbond').level1Org,
    }
    const unknown = { ...request, membershipCd: 'ZZ99999' }
    const viaCreateuser = await t.client().postJson(`${auth}/createuser`, unknown)
    const viaFidbond = await t.client().postJson('/api/fidbond-api/create', unknown)
    expect(viaFidbond.statusCode).toBe(viaCreateuser.statusCode)
    expect(viaFidbond.json()).toEqual(viaCreateuser.json())

    const created = await t.client().postJson('/api/fidbond-api/create', request)
    expect(created.json()).toEqual({ returnCode: 'SUCCESS' })
    const twice = await t.client().postJson('/api/fidbond-api/create', request)
    expect(twice.json()).toEqual({ returnCode: 'USER_ALREADY_EXISTS' })
  })
})

describe('the security-question calls', () => {
  it.each(['validateanswers', 'finduserbyusername', 'updatesecurityAnswer'])(
    '%s answers 410 with the way to recover',
    async (call) => {
      const response = await t.client().postJson(`${auth}/${call}`, { username: 'bclip_demo' })
      expect(response.statusCode).toBe(410)
      expect(response.json()).toEqual({
        error: 'Gone',
        message: messages.account.securityQuestionsGone,
        messageKey: 'account.securityQuestionsGone',
      })
    },
  )
})
