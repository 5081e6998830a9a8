// The one store handle (issue 42, move 2): every repository built once over a database, and
// `transaction`, which hands the same set built over the transaction. Services take a store,
// never a database, and never build a repository themselves.
import type { Clock } from '../lib/clock.ts'
import { auditRepo, type AuditEntry } from './audit.repo.ts'
import { customersRepo } from './customers.repo.ts'
import type { Db } from './db.ts'
import { memberAdminRepo } from './member-admin.repo.ts'
import { mfaRepo } from './mfa.repo.ts'
import { oidcRepo } from './oidc.repo.ts'
import { outboxRepo } from './outbox.repo.ts'
import { passkeysRepo } from './passkeys.repo.ts'
import { policyTermsRepo } from './policy-terms.repo.ts'
import { recoveryRepo } from './recovery.repo.ts'
import { referenceRepo } from './reference.repo.ts'
import { sessionsRepo } from './sessions.repo.ts'
import { staffRepo } from './staff.repo.ts'
import { supportRepo } from './support.repo.ts'
import { usersRepo } from './users.repo.ts'

export interface StoreOptions {
  /** The time audit rows are written at. */
  clock: Clock
  /** Told every audit event recorded (the metrics counters). */
  observeAudit?: (entry: AuditEntry) => void
}

const repositoriesOf = (db: Db, { clock, observeAudit }: StoreOptions) => ({
  audit: auditRepo(db, clock, observeAudit),
  customers: customersRepo(db),
  memberAdmin: memberAdminRepo(db),
  mfa: mfaRepo(db),
  oidc: oidcRepo(db, clock),
  outbox: outboxRepo(db),
  passkeys: passkeysRepo(db),
  policyTerms: policyTermsRepo(db),
  recovery: recoveryRepo(db),
  reference: referenceRepo(db),
  sessions: sessionsRepo(db),
  staff: staffRepo(db),
  support: supportRepo(db),
  users: usersRepo(db),
})

export type Repositories = ReturnType<typeof repositoriesOf>

export interface Store extends Repositories {
  /** `fn` with the repositories over one transaction: all its writes or none. */
  transaction<T>(fn: (store: Store) => Promise<T>): Promise<T>
}

export function storeOf(db: Db, options: StoreOptions): Store {
  return {
    ...repositoriesOf(db, options),
    transaction: (fn) => db.transaction((tx) => fn(storeOf(tx, options))),
  }
}
