// portal-admin commands for the support desk's daily tasks of issue 31 (the console has the
// same, apps/server/src/modules/support/member-admin.routes.ts). Exit codes as in
// support-commands.ts: 0 done, 1 usage, 3 not found, 4 refused.
import { createWriteStream } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Config } from '../config.ts'
import { outboxWriter } from '../delivery/outbox.ts'
import type { Clock } from '../lib/clock.ts'
import { deriveKeys } from '../lib/crypto.ts'
import { generateTemporaryPassword } from '../lib/passwords.ts'
import {
  auditCsvHeader,
  auditLine,
  memberAdminService,
} from '../modules/support/member-admin.service.ts'
import { supportService } from '../modules/support/support.service.ts'
import type { Database } from '../store/db.ts'
import { storeOf } from '../store/index.ts'
import { operatorActor } from './operator.ts'
import { isGuessableFor } from '../modules/password/password-blocklist.ts'

export const memberUsage = `  portal-admin disable <username> --reason <text>
  portal-admin enable <username> --reason <text>
  portal-admin search <username | customer number | email | phone | name>
  portal-admin audit-export --from <YYYY-MM-DD> --to <YYYY-MM-DD> [--user <username>]
                            [--format csv|json] [--out <file>] [--reason <text>]
  portal-admin staff-password <email> --reason <text>   (a new temporary password, shown once)`

interface Context {
  database: Database
  config: Config
  clock: Clock
}
type Command = (context: Context, args: string[]) => Promise<number>

/** The member tasks' service over one store. */
const memberAdminOf = ({ database, clock }: Context) =>
  memberAdminService({ store: storeOf(database.db, { clock }) })

const usage = (problem: string) => {
  console.error(`${problem}\nUsage:\n${memberUsage}`)
  return 1
}

const reasonOf = (reason: string | undefined) =>
  reason && reason.trim().length >= 5 ? reason.trim() : undefined

const toggle =
  (isDisable: boolean): Command =>
  async (context, args) => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { reason: { type: 'string' } },
    })
    const [username] = positionals
    const reason = reasonOf(values.reason)
    if (!username || !reason) return usage('A username and --reason (5+ characters) are needed.')
    const service = memberAdminOf(context)
    const result = isDisable
      ? await service.disable(username, operatorActor(), reason)
      : await service.enable(username, operatorActor(), reason)
    if (!result.ok) {
      if (result.reason === 'USER_NOT_FOUND') {
        console.error(`No member with the username ${username}.`)
        return 3
      }
      console.error(`${username} is already ${isDisable ? 'disabled' : 'enabled'}.`)
      return 4
    }
    console.log(
      isDisable
        ? `Disabled ${username}; ended ${result.endedSessions} session(s). Sign-ins are answered as for a locked account.`
        : `Enabled ${username}.`,
    )
    return 0
  }

// The console's one search (support.service.ts): the service decides what the text is.
const search: Command = async ({ database, config, clock }, args) => {
  const query = args.join(' ').trim()
  if (query.length < 2) {
    return usage('Give a username, a customer number, an email address, a phone number or a name.')
  }
  const store = storeOf(database.db, { clock })
  const writer = outboxWriter(deriveKeys(config.sessionSecrets, 'outbox'), clock)
  const { members: matches } = await supportService({ store, writer, clock }).search(
    query,
    operatorActor(),
  )
  if (matches.length === 0) {
    console.log('No member matches.')
    return 3
  }
  for (const m of matches) {
    const state = m.isDisabled ? 'disabled' : m.isLocked ? 'locked' : 'active'
    console.log(
      [m.username, m.custnum, m.program, m.name ?? '-', m.email ?? '-', m.phone ?? '-', state].join(
        '\t',
      ),
    )
  }
  return 0
}

const auditExport: Command = async (context, args) => {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      user: { type: 'string' },
      format: { type: 'string', default: 'csv' },
      out: { type: 'string' },
      reason: { type: 'string' },
    },
  })
  const from = new Date(values.from ?? '')
  const to = new Date(values.to ?? '')
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from >= to) {
    return usage('--from and --to are dates (YYYY-MM-DD or ISO), --from before --to.')
  }
  if (values.format !== 'csv' && values.format !== 'json') return usage('--format is csv or json.')
  const format = values.format
  const out = values.out ? createWriteStream(values.out) : process.stdout
  const write = (line: string) =>
    new Promise<void>((resolve, reject) =>
      out.write(`${line}\n`, (error) => (error ? reject(error) : resolve())),
    )
  if (format === 'csv') await write(auditCsvHeader)
  let count = 0
  const rows = memberAdminOf(context).exportAudit(
    { from, to, ...(values.user ? { username: values.user } : {}) },
    operatorActor(),
    reasonOf(values.reason) ?? 'audit export',
  )
  for await (const row of rows) {
    await write(auditLine(row, format))
    count++
  }
  if (values.out) {
    await new Promise<void>((resolve) => (out as NodeJS.WritableStream).end(() => resolve()))
    console.error(`Wrote ${count} audit row(s) to ${values.out}.`)
  }
  return 0
}

const staffPassword: Command = async (context, args) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { reason: { type: 'string' } },
  })
  const [email] = positionals
  const reason = reasonOf(values.reason)
  if (!email || !reason) return usage('A staff email and --reason (5+ characters) are needed.')
  const password = generateTemporaryPassword((draw) =>
    isGuessableFor(draw, { username: email.split('@')[0], names: [email] }),
  )
  const result = await memberAdminOf(context).changeStaffPassword(
    email,
    undefined,
    password,
    operatorActor(),
    reason,
  )
  if (!result.ok) {
    console.error(`No active staff account ${email}.`)
    return 3
  }
  console.log(`New password for ${email} (shown once): ${password}`)
  console.log('Their console sessions have ended.')
  return 0
}

const commands: Record<string, Command> = {
  disable: toggle(true),
  enable: toggle(false),
  search,
  'audit-export': auditExport,
  'staff-password': staffPassword,
}

export function memberCommand(name: string | undefined): Command | undefined {
  return name && Object.hasOwn(commands, name) ? commands[name] : undefined
}
