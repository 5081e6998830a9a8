// Operator commands for running the service (issue 12): migrations, retention, the outbox's
// dead letters, the programs' phones, and the policy terms of findCurrentTerm (decision 0008). Registered in portal-admin.ts; each change is audited.
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { findProgram } from '@portal/contract'
import type { Config } from '../config.ts'
import type { Clock } from '../lib/clock.ts'
import { ImportFileError } from '../lib/csv-import.ts'
import { importPolicyTermsCsv } from '../modules/policy/policy-term-import.service.ts'
import { auditRepo } from '../store/audit.repo.ts'
import { storeOf } from '../store/index.ts'
import type { Database } from '../store/db.ts'
import { outboxRepo } from '../store/outbox.repo.ts'
import { referenceDataVersion } from '../store/reference-data.ts'
import { purgeExpired } from '../store/retention.ts'
import { mailingAddresses } from '../store/schema.ts'
import { operatorActor, takeReason } from './operator.ts'

export const opsUsage = `  portal-admin migrate
  portal-admin purge [--outbox-days <n>] [--audit-days <n>]
  portal-admin outbox-dead-letters
  portal-admin outbox-requeue <id> [<id> …]
  portal-admin set-program-phone <program> <10 digits> [--reason <text>]
  portal-admin import-policy-terms <file.csv>`

interface Context {
  database: Database
  config: Config
  clock: Clock
}

type Command = (context: Context, args: string[]) => Promise<number>

function fail(message: string): number {
  console.error(message)
  return 1
}

/** Opening the database already migrated it and loaded the reference data. */
const migrate: Command = async ({ database }) => {
  console.log(
    `Database (${database.engine}) is up to date; reference data version ${referenceDataVersion}.`,
  )
  return 0
}

const purge: Command = async ({ database, config, clock }, args) => {
  const { values } = parseArgs({
    args,
    options: { 'outbox-days': { type: 'string' }, 'audit-days': { type: 'string' } },
  })
  const days = (value: string | undefined, fallback: number) =>
    value === undefined ? fallback : Number(value)
  const retention = {
    outboxDays: days(values['outbox-days'], config.retention.outboxDays),
    auditDays: days(values['audit-days'], config.retention.auditDays),
  }
  if (![retention.outboxDays, retention.auditDays].every((n) => Number.isInteger(n) && n >= 0)) {
    return fail('Days must be whole numbers, 0 or more.')
  }
  const report = await purgeExpired(database.db, clock.now(), retention)
  console.log(
    `Purged ${report.sessions} expired session(s), ${report.outbox} outbox row(s) older than ` +
      `${retention.outboxDays} day(s), ${report.audit} audit row(s) older than ${retention.auditDays} day(s).`,
  )
  return 0
}

const deadLetters: Command = async ({ database }) => {
  const rows = await outboxRepo(database.db).deadLetters(500)
  if (rows.length === 0) {
    console.log('No dead letters.')
    return 0
  }
  console.log('id\tstatus\tchannel\ttemplate\tattempts\tcreated\trequest\tlast error')
  for (const row of rows) {
    console.log(
      [
        row.id,
        row.status,
        row.channel,
        row.template,
        row.attempts,
        row.createdAt.toISOString(),
        row.requestId ?? '-',
        row.lastError ?? '',
      ].join('\t'),
    )
  }
  return 0
}

const requeue: Command = async ({ database, clock }, args) => {
  const ids = args.map(Number)
  if (ids.length === 0 || !ids.every((id) => Number.isInteger(id) && id > 0)) {
    return fail('Usage:\n  portal-admin outbox-requeue <id> [<id> …]')
  }
  const repo = outboxRepo(database.db)
  let code = 0
  for (const id of ids) {
    if (await repo.requeue(id, clock.now())) {
      await auditRepo(database.db, clock).record({
        event: 'operator.outbox_requeued',
        detail: { id },
      })
      console.log(`Message ${id} is queued again.`)
    } else {
      console.error(`Message ${id} is not a dead letter (see outbox-dead-letters).`)
      code = 1
    }
  }
  return code
}

const setProgramPhone: Command = async ({ database, clock }, givenArgs) => {
  const { reason, rest: args } = takeReason(givenArgs, 'program phone changed by an operator')
  const [name, digits] = args
  const program = name ? findProgram(name) : undefined
  const phone = digits?.replace(/\D/g, '') ?? ''
  if (!program) return fail(`Unknown program ${name ?? ''}.`)
  if (!/^\d{10}$/.test(phone)) return fail('The phone must have 10 digits.')
  await database.db
    .insert(mailingAddresses)
    .values({ program: program.serviceCode, phone })
    .onConflictDoUpdate({ target: mailingAddresses.program, set: { phone } })
  await auditRepo(database.db, clock).record({
    event: 'operator.program_phone_set',
    actor: operatorActor(),
    reason,
    detail: { program: program.serviceCode, phone },
  })
  console.log(
    `The phone of ${program.serviceCode} is now ${phone}; running instances show it within a minute.`,
  )
  return 0
}

const importPolicyTerms: Command = async ({ database, clock }, [file]) => {
  if (!file) return fail('Usage:\n  portal-admin import-policy-terms <file.csv>')
  try {
    const store = storeOf(database.db, { clock })
    const report = await importPolicyTermsCsv({ store, clock }, await readFile(file, 'utf8'))
    console.log(`Imported or updated ${report.imported} policy term(s).`)
    for (const { line, errors } of report.rejected) {
      console.log(`Line ${line} rejected: ${errors.join('; ')}`)
    }
    return report.rejected.length > 0 ? 2 : 0
  } catch (error) {
    if (error instanceof ImportFileError) return fail(error.message)
    throw error
  }
}

export const opsCommands: Record<string, Command> = {
  migrate,
  purge,
  'outbox-dead-letters': deadLetters,
  'outbox-requeue': requeue,
  'set-program-phone': setProgramPhone,
  'import-policy-terms': importPolicyTerms,
}
