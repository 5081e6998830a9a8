// Issue 31's support-desk tasks in portal-admin: disable and enable a member, search, export
// the audit trail, reset a staff password, each operator change audited with actor and reason.
// The commands run as an operator runs them, each its own process, on an embedded database of
// their own in a temporary folder, whichever engine the test project uses: so this file runs
// once (*.pglite.test.ts), not again on PostgreSQL. The console's side: support-tasks.test.ts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { portalAdmin } from '../operations/processes.ts'

describe('in portal-admin', () => {
  it(
    'disables, searches, exports, resets a staff password, and audits every operator change with actor and reason',
    { timeout: 300_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'portal-admin-tasks-'))
      const admin = (...args: string[]) =>
        portalAdmin(join(dir, 'db'), args, { PORTAL_OPERATOR: 'tester' })
      try {
        const file = join(dir, 'customers.csv')
        await writeFile(
          file,
          'custnum,kprogName,level1org,cname,firstName,primaryEmailAddress,phone1,status\nQQ00001,bclip,100,Quentin Quill LLC,Quentin,quentin@example.com,3125550777,a\n',
        )
        await admin('import-customers', file, '--reason', 'monthly customer feed')
        await admin(
          'create-account',
          'QQ00001',
          'quentin_q',
          '--email',
          'quentin@example.com',
          '--reason',
          'ticket 9001 by phone',
        )
        await admin('set-program-phone', 'bclip', '3125550100', '--reason', 'new call centre')
        const disabled = await admin('disable', 'quentin_q', '--reason', 'dispute ticket 9002')
        expect(disabled.stdout).toContain('Disabled quentin_q')
        const search = await admin('search', 'Quill')
        expect(search.stdout).toMatch(
          /^quentin_q\tQQ00001\tbclip\tQuentin Quill LLC\t.*\tdisabled$/m,
        )
        expect((await admin('search', 'quentin@example.com')).stdout).toContain('quentin_q')
        expect(
          (await admin('enable', 'quentin_q', '--reason', 'dispute settled')).stdout,
        ).toContain('Enabled quentin_q')
        await admin('staff', 'create', 'desk@portal.example', '--role', 'agent')
        const reset = await admin(
          'staff-password',
          'desk@portal.example',
          '--reason',
          'forgot it, ticket 9003',
        )
        expect(reset.stdout).toMatch(/New password for desk@portal.example \(shown once\): \S{12,}/)

        // The database is this test's own, so every row in it is this test's: a window wide
        // enough for any date the machine (and the commands' clock, the database's) may have.
        const [from, to] = ['2000-01-01', '9999-12-31']
        const exported = await admin('audit-export', '--from', from, '--to', to, '--format', 'json')
        const rows = exported.stdout
          .trim()
          .split('\n')
          .map(
            (line) =>
              JSON.parse(line) as { event: string; actor: string | null; reason: string | null },
          )
        const one = (event: string) => rows.filter((row) => row.event === event)
        for (const [event, reason] of [
          ['operator.customers_imported', 'monthly customer feed'],
          ['account.created_by_operator', 'ticket 9001 by phone'],
          ['operator.program_phone_set', 'new call centre'],
          ['support.member_disabled', 'dispute ticket 9002'],
          ['support.member_enabled', 'dispute settled'],
          ['staff.password_changed', 'forgot it, ticket 9003'],
        ] as const) {
          expect(one(event), event).toEqual([
            expect.objectContaining({ actor: 'operator:tester', reason }),
          ])
        }
        const csv = await admin('audit-export', '--from', from, '--to', to, '--user', 'quentin_q')
        const lines = csv.stdout.trim().split('\n')
        expect(lines[0]).toBe('id,at,event,userId,username,actor,reason,clientIp,requestId,detail')
        expect(lines.slice(1).every((line) => line.includes(',quentin_q,'))).toBe(true)
        expect(lines.length).toBeGreaterThanOrEqual(4)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  )
})
