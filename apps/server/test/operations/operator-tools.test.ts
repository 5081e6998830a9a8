import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { accountsService } from '../../src/modules/accounts/accounts.service.ts'
import { importCustomersCsv } from '../../src/modules/customer/customer-import.service.ts'
import { appForFile, customerOf, findAccount } from '../harness.ts'
import { portalAdmin } from './processes.ts'

const t = appForFile()

const csv = [
  'custnum,kprogName,level1org,cname,firstName,primaryEmailAddress,phone1,status',
  'ZZ00001,bclip,100,Import One LLC,Ivan,ivan@example.com,3125550001,a',
  'ZZ00002,nosuchprogram,100,Bad Program,Bea,bea@example.com,3125550002,a',
  'ZZ-00003,bclip,100,Bad Number,Cy,cy@example.com,3125550003,a',
  'ZZ00004,onl,100,Agent Four,Di,not-an-email,3125550004,a',
  'ZZ00005,cabar,168,Import Five,Ed,ed@example.com,3125550005,a',
].join('\n')

describe('customer import', () => {
  it('keeps good rows and reports bad ones by line number', async () => {
    const report = await importCustomersCsv({ store: t.store }, csv)
    expect(report.imported).toBe(2)
    expect(report.rejected.map((r) => r.line)).toEqual([3, 4, 5])
    expect(report.rejected[0]?.errors[0]).toContain('kprogName')
    expect(report.rejected[2]?.errors[0]).toContain('primaryEmailAddress')
    const row = await customerOf(t, 'ZZ00005')
    expect(row).toMatchObject({ kprogName: 'cabar', level1org: '168', cname: 'Import Five' })
  })

  it('updates by customer number when the file is imported again', async () => {
    const again = csv.replace('Import One LLC', 'Import One Renamed')
    const report = await importCustomersCsv({ store: t.store }, again)
    expect(report.imported).toBe(2)
    // One record per customer number (the primary key): the same one, renamed.
    expect((await customerOf(t, 'ZZ00001'))?.cname).toBe('Import One Renamed')
  })

  it('refuses a file whose columns are not spec §3 names, importing nothing', async () => {
    await expect(
      importCustomersCsv(
        { store: t.store },
        'custnum,kprogName,level1org,shoeSize\nZZ9,bclip,100,9',
      ),
    ).rejects.toThrow('Unknown columns: shoeSize')
  })
})

describe('account creation for a customer number', () => {
  it('creates an account with a temporary password that must be replaced', async () => {
    const result = await accountsService({ store: t.store, clock: t.clock }).createAccount({
      custnum: 'ZZ00005',
      username: 'imported_five',
    })
    expect(result).toMatchObject({ ok: true, temporaryPassword: expect.any(String) })
    const user = await findAccount(t, 'imported_five')
    expect(user).toMatchObject({ program: 'cabar', isTemporaryPassword: true })
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/)
    if (!result.ok) throw new Error('unreachable')
    const login = await t.client().login('imported_five', result.temporaryPassword ?? '', '168')
    expect(login.json()).toEqual({ message: 'Authentication Successful', temporaryPassword: true })
  })

  it('refuses a username that is taken and a customer that does not exist', async () => {
    const accounts = accountsService({ store: t.store, clock: t.clock })
    expect(await accounts.createAccount({ custnum: 'ZZ00001', username: 'bclip_demo' })).toEqual({
      ok: false,
      reason: 'USER_ALREADY_EXISTS',
    })
    expect(await accounts.createAccount({ custnum: 'NOPE1', username: 'someone_new' })).toEqual({
      ok: false,
      reason: 'CUSTOMER_NOT_FOUND',
    })
  })
})

describe('portal-admin command', () => {
  // A fresh process creating a fresh embedded database: seconds, more on a busy machine.
  it(
    'imports a file into the embedded database and reports the bad lines',
    { timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'portal-admin-'))
      try {
        const file = join(dir, 'customers.csv')
        await writeFile(file, csv)
        const result = await portalAdmin(join(dir, 'db'), ['import-customers', file])
        expect(result.stdout).toContain('Imported or updated 2 customer record(s).')
        expect(result.stdout).toContain('Line 3 rejected')
        expect(result.code).toBe(2)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  )
})
