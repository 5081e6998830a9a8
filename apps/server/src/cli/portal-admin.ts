// Operator tool. Usage (from the repository root):
//   npm run portal-admin -- import-customers <file.csv>
//   npm run portal-admin -- create-account <custnum> <username> [--email a@b.c] [--phone 3125550101]
//   npm run portal-admin -- incident|user|unlock|reset-mfa|revoke-sessions|resend-username|staff …
//     (the support desk: see support-commands.ts for the commands and their exit codes)
//   npm run portal-admin -- migrate | purge | outbox-dead-letters | outbox-requeue | set-program-phone
//     | import-policy-terms   (ops-commands.ts)
//   npm run portal-admin -- copy-from-pglite <data-dir>   (a PGlite pilot moved to DATABASE_URL)
//   npm run portal-admin -- oidc-site … | oidc-keys …   (OpenID Connect: oidc-commands.ts)
// Uses DATABASE_URL when set, otherwise the embedded database in ./data (refused while the
// service holds it). `--demo` runs with the demo settings, as the quick start does.
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { messages, newUsernameSchema } from '@portal/contract'
import { ConfigError, loadConfig, loadDatabaseConfig } from '../config.ts'
import { startupFailure } from '../startup-errors.ts'
import { referenceDataVersion } from '../store/reference-data.ts'
import { databaseClock, type Clock } from '../lib/clock.ts'
import { accountsService } from '../modules/accounts/accounts.service.ts'
import { ImportFileError } from '../lib/csv-import.ts'
import { importCustomersCsv } from '../modules/customer/customer-import.service.ts'
import { storeOf } from '../store/index.ts'
import { DatabaseInUseError, migratePostgres, openDatabase, type Database } from '../store/db.ts'
import { opsCommands, opsUsage } from './ops-commands.ts'
import { copyPgliteToPostgres, CopyRefusedError } from './pglite-to-postgres.ts'
import { oidcCommand, oidcUsage } from './oidc-commands.ts'
import { memberCommand, memberUsage } from './member-commands.ts'
import { operatorActor, takeReason } from './operator.ts'
import { supportCommand, supportUsage } from './support-commands.ts'
import { withoutQueryValues } from '../lib/logged-errors.ts'

const usage = `Usage:
  portal-admin import-customers <file.csv> [--reason <text>]
  portal-admin create-account <custnum> <username> [--email <address>] [--phone <digits>] [--reason <text>]
${supportUsage}
${memberUsage}
${opsUsage}
  portal-admin copy-from-pglite <data-dir>
${oidcUsage}`

async function importCustomers(
  database: Database,
  clock: Clock,
  file: string,
  reason: string,
): Promise<number> {
  const store = storeOf(database.db, { clock })
  const report = await importCustomersCsv({ store }, await readFile(file, 'utf8'))
  // One row per import, with who ran it and why (the records themselves are not members yet).
  await store.audit.record({
    event: 'operator.customers_imported',
    actor: operatorActor(),
    reason,
    detail: { file: basename(file), imported: report.imported, rejected: report.rejected.length },
  })
  console.log(`Imported or updated ${report.imported} customer record(s).`)
  for (const { line, errors } of report.rejected) {
    console.log(`Line ${line} rejected: ${errors.join('; ')}`)
  }
  return report.rejected.length > 0 ? 2 : 0
}

async function createAccount(database: Database, clock: Clock, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { email: { type: 'string' }, phone: { type: 'string' }, reason: { type: 'string' } },
  })
  const [custnum, username] = positionals
  if (!custnum || !username) return fail(usage)
  const name = newUsernameSchema.safeParse(username)
  if (!name.success)
    return fail(name.error.issues[0]?.message ?? messages.validation.usernamePattern)
  const store = storeOf(database.db, { clock })
  const result = await accountsService({ store, clock }).createAccount({
    custnum,
    username,
    email: values.email,
    phone: values.phone?.replace(/\D/g, ''),
  })
  if (!result.ok) {
    const reasons = {
      USER_ALREADY_EXISTS: messages.registration.usernameTaken,
      ACCOUNT_EXISTS: `Customer ${custnum} already has a web account.`,
      CUSTOMER_NOT_FOUND: `No customer record with number ${custnum}.`,
    }
    return fail(reasons[result.reason])
  }
  await store.audit.record({
    event: 'account.created_by_operator',
    userId: result.userId,
    username,
    actor: operatorActor(),
    reason: values.reason || 'account created by an operator',
  })
  // Shown once to the operator, who hands it over; it is stored only as a hash and must be
  // replaced at first login.
  console.log(`Created ${username} for customer ${custnum}.`)
  console.log(`Temporary password (shown once): ${result.temporaryPassword ?? ''}`)
  return 0
}

function fail(message: string): number {
  console.error(message)
  return 1
}

/**
 * `migrate` (npm run db:migrate) reads the database settings alone, so a release step needs
 * DATABASE_URL and none of production's other secrets.
 */
async function migrateOnly(): Promise<number> {
  let settings
  try {
    settings = loadDatabaseConfig(process.env)
    if (settings.databaseUrl) {
      const applied = await migratePostgres(settings.databaseUrl, settings.dbTimeouts.connectMs)
      console.log(
        `Applied ${applied} migration(s); the database (postgres) is up to date; reference data version ${referenceDataVersion}.`,
      )
      return 0
    }
    const database = await openDatabase({ kind: 'pglite', dataDir: settings.dataDir })
    await database.close()
    console.log(
      `The database (pglite) is up to date; reference data version ${referenceDataVersion}.`,
    )
    return 0
  } catch (error) {
    const explained = startupFailure(error, 'DATABASE_URL')
    if (explained instanceof ConfigError || explained instanceof DatabaseInUseError) {
      return fail(explained.message)
    }
    throw error
  }
}

/**
 * `copy-from-pglite <data-dir>`: a pilot's PGlite folder into the migrated, empty PostgreSQL
 * database of DATABASE_URL (cli/pglite-to-postgres.ts). Like migrate, the database settings only.
 */
async function copyFromPglite(args: string[]): Promise<number> {
  const [dataDir] = args
  if (!dataDir || args.length > 1) return fail(usage)
  try {
    const settings = loadDatabaseConfig(process.env)
    if (!settings.databaseUrl) return fail('copy-from-pglite: set DATABASE_URL to the target.')
    const report = await copyPgliteToPostgres({
      dataDir,
      url: settings.databaseUrl,
      connectMs: settings.dbTimeouts.connectMs,
    })
    for (const table of report.tables) console.log(`${table.name}\t${table.rows}`)
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0)
    console.log(
      `Copied ${rows} row(s) in ${report.tables.length} table(s) and ${report.sequences} sequence(s) ` +
        `at schema version ${report.migrations} from ${dataDir} to PostgreSQL.`,
    )
    return 0
  } catch (error) {
    if (error instanceof CopyRefusedError) return fail(`Not copied: ${error.message}`)
    const explained = startupFailure(error, 'DATABASE_URL')
    if (explained instanceof ConfigError || explained instanceof DatabaseInUseError) {
      return fail(explained.message)
    }
    throw error
  }
}

async function main(argv: string[]): Promise<number> {
  const asksForDemo = argv.includes('--demo')
  const [command, ...rest] = argv.filter((arg) => arg !== '--demo')
  if (command === 'migrate') return migrateOnly()
  if (command === 'copy-from-pglite') return copyFromPglite(rest)
  const opsCommand = command ? opsCommands[command] : undefined
  const support = supportCommand(command)
  const member = memberCommand(command)
  const oidc = oidcCommand(command)
  if (
    command !== 'import-customers' &&
    command !== 'create-account' &&
    !opsCommand &&
    !support &&
    !member &&
    !oidc
  ) {
    return fail(usage)
  }
  let config
  let database
  try {
    config = loadConfig(asksForDemo ? { DEMO_MODE: 'true', ...process.env } : process.env)
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2, timeouts: config.dbTimeouts }
        : { kind: 'pglite', dataDir: config.dataDir },
    )
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseInUseError) {
      return fail(error.message)
    }
    throw error
  }
  const clock = await databaseClock(() => database.readTime(), { recalibrateMs: 0 })
  try {
    if (support) return await support({ database, config, clock }, rest)
    if (member) return await member({ database, config, clock }, rest)
    if (oidc) return await oidc({ database, config, clock }, rest)
    if (opsCommand) return await opsCommand({ database, config, clock }, rest)
    if (command === 'import-customers') {
      const { reason, rest: files } = takeReason(rest, 'customer import')
      if (!files[0]) return fail(usage)
      return await importCustomers(database, clock, files[0], reason)
    }
    return await createAccount(database, clock, rest)
  } catch (error) {
    if (error instanceof ImportFileError) return fail(error.message)
    throw error
  } finally {
    await database.close()
  }
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  // As Node would print it, without a failed statement's values (lib/logged-errors.ts).
  console.error(withoutQueryValues(error))
  process.exitCode = 1
}
