// Creating web accounts. Username uniqueness, in any case, is decided by the database's
// unique index (users_username_key_unique, issue 32 row E1), so two parallel sign-ups for one
// name, or for `FOO` and `foo`, produce exactly one account.
import { findProgram, sourceLocale, type Locale } from '@portal/contract'
import type { Clock } from '../../lib/clock.ts'
import { generateTemporaryPassword, hashPassword } from '../../lib/passwords.ts'
import { noticeToCustomerRecord } from '../../delivery/owner-notice.ts'
import type { OutboxWriter } from '../../delivery/outbox.ts'
import { brandOf, templates } from '../../delivery/templates.ts'
import type { Store } from '../../store/index.ts'
import { isGuessableFor } from '../password/password-blocklist.ts'

export type CreateAccountResult =
  | { ok: true; userId: number; temporaryPassword?: string }
  | { ok: false; reason: 'USER_ALREADY_EXISTS' | 'ACCOUNT_EXISTS' | 'CUSTOMER_NOT_FOUND' }

export interface CreateAccountInput {
  custnum: string
  username: string
  /** Omitted: a temporary password is generated, and must be replaced at first login. */
  password?: string
  email?: string | null
  phone?: string | null
  /** The language the member registers in (issue 24), as their request named it. */
  locale?: Locale | null
}

const uniqueViolation = '23505'

/** The unique constraint a failed insert broke, if that is why it failed (drizzle wraps it). */
function brokenUniqueConstraint(error: unknown): string | undefined {
  const seen = new Set<unknown>()
  for (let e = error; e && typeof e === 'object' && !seen.has(e); e = (e as Error).cause) {
    seen.add(e)
    const { code, constraint } = e as { code?: string; constraint?: string }
    if (code === uniqueViolation) return constraint ?? 'unknown'
  }
  return undefined
}

/** Who tells the customer record's owner that an account was made (absent in tools and tests). */
export interface AccountNotices {
  writer: OutboxWriter
  mailingPhone(program: string): Promise<string | undefined>
}

interface Deps {
  store: Store
  clock: Clock
  notices?: AccountNotices | undefined
}

export type AccountsService = ReturnType<typeof accountsService>

export function accountsService({ store, clock, notices }: Deps) {
  return {
    async createAccount(input: CreateAccountInput): Promise<CreateAccountResult> {
      const customer = await store.customers.findByCustnum(input.custnum)
      if (!customer) return { ok: false, reason: 'CUSTOMER_NOT_FOUND' }
      const program = findProgram(customer.kprogName)?.code ?? customer.kprogName
      const temporaryPassword =
        input.password === undefined
          ? generateTemporaryPassword((draw) =>
              isGuessableFor(draw, {
                username: input.username,
                names: [customer.firstName, customer.cname],
                program,
              }),
            )
          : undefined
      const passwordHash = await hashPassword(input.password ?? temporaryPassword ?? '')
      const now = clock.now()
      // The language the member registers in (issue 24): their messages are written in it.
      const locale = input.locale ?? sourceLocale
      const notice =
        notices &&
        templates.accountCreated(
          brandOf(program, await notices.mailingPhone(program), locale),
          input.username,
        )
      try {
        const userId = await store.transaction(async (tx) => {
          const id = await tx.users.create({
            username: input.username,
            passwordHash,
            custnum: customer.custnum,
            program,
            email: input.email ?? customer.primaryEmailAddress ?? customer.emailAddr,
            phone: input.phone ?? customer.phone1,
            isTemporaryPassword: temporaryPassword !== undefined,
            passwordChangedAt: now,
            createdAt: now,
            locale,
          })
          // Pre-hijacking (H2): the record's own email and mobile hear of the new account.
          if (notices && notice) {
            await noticeToCustomerRecord(tx, notices.writer, customer, program, notice)
          }
          return id
        })
        return temporaryPassword ? { ok: true, userId, temporaryPassword } : { ok: true, userId }
      } catch (error) {
        // The database decides, so parallel sign-ups cannot both succeed.
        const constraint = brokenUniqueConstraint(error)
        // A taken name answers first, as it did while the exact-match constraint was checked
        // before the customer's: the database reports one broken index, in its own order.
        if (constraint === 'users_custnum_unique') {
          const isNameTaken = (await store.users.findByUsername(input.username)) !== undefined
          return { ok: false, reason: isNameTaken ? 'USER_ALREADY_EXISTS' : 'ACCOUNT_EXISTS' }
        }
        if (constraint) return { ok: false, reason: 'USER_ALREADY_EXISTS' }
        throw error
      }
    },
  }
}
