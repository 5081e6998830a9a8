// Account recovery (spec §4 "Recovery"): find the one account the details name, then send
// its username or a temporary password. Messages go to the contact details on file, never
// to an address the browser supplies, and are written in the same transaction as the
// password change they report.
import {
  flavours,
  maskEmail,
  maskPhone,
  programCodes,
  programOf,
  recoveryStatuses,
  type ContactLookupResponse,
  type DeliveryMethod,
  type RecoveryAppName,
  type RecoveryMode,
  type RecoveryResponse,
  type RecoveryStatus,
} from '@portal/contract'
import type { OutboxWriter } from '../../delivery/outbox.ts'
import { brandOf, templates, type Message } from '../../delivery/templates.ts'
import { toE164 } from '../../delivery/transports.ts'
import type { Clock } from '../../lib/clock.ts'
import { generateTemporaryPassword, hashPassword } from '../../lib/passwords.ts'
import type { auditRepo } from '../../store/audit.repo.ts'
import type { customersRepo } from '../../store/customers.repo.ts'
import type { Db } from '../../store/db.ts'
import { recoveryRepo } from '../../store/recovery.repo.ts'
import type { referenceRepo } from '../../store/reference.repo.ts'
import { mfaRepo } from '../../store/mfa.repo.ts'
import { unlockRules } from '../signin/lockout-policy.ts'
import { sessionsRepo } from '../../store/sessions.repo.ts'
import { usersRepo, type UserRow } from '../../store/users.repo.ts'

type AppName = RecoveryAppName

const programsOf = (appName: AppName): string[] =>
  programCodes.filter(
    (code) => (programOf(code).flavour === 'pl') === (appName === flavours.pl.recoveryAppName),
  )

type Lookup = { status: RecoveryStatus; user?: UserRow }

function single(rows: UserRow[]): Lookup {
  if (rows.length > 1) return { status: recoveryStatuses.multipleAccounts }
  const [user] = rows
  return user ? { status: recoveryStatuses.success, user } : { status: recoveryStatuses.noAccounts }
}

const answer = (status: RecoveryStatus): RecoveryResponse => ({
  status: status === recoveryStatuses.success,
  message: status,
})

interface Deps {
  db: Db
  customers: ReturnType<typeof customersRepo>
  audit: ReturnType<typeof auditRepo>
  writer: OutboxWriter
  clock: Clock
  reference: ReturnType<typeof referenceRepo>
  /** TEMP_PASSWORD_TTL_HOURS: a temporary password is refused after this. */
  temporaryPasswordTtlHours: number
  /** The per-user message cap (rate-limits.ts): throws 429 when this user has had enough. */
  beforeSend?: (userId: number) => Promise<unknown>
}

export function recoveryService(deps: Deps) {
  const { db, customers, audit, writer, clock, reference, temporaryPasswordTtlHours, beforeSend } =
    deps
  const find = recoveryRepo(db)

  async function byContact(
    method: DeliveryMethod,
    contact: { emailAddress?: string; phoneNumber?: string },
    appName: AppName,
  ): Promise<Lookup> {
    const programs = programsOf(appName)
    if (method === 'email') {
      if (!contact.emailAddress?.trim()) return { status: recoveryStatuses.dataNotFound }
      return single(await find.byEmail(contact.emailAddress, programs))
    }
    const digits = (contact.phoneNumber ?? '').replace(/\D/g, '')
    if (digits.length !== 10) return { status: recoveryStatuses.dataNotFound }
    return single(await find.byPhone(digits, programs))
  }

  async function byCustomerNumber(custnum: string, appName: AppName): Promise<Lookup> {
    if (!(await customers.findByCustnum(custnum))) return { status: recoveryStatuses.dataNotFound }
    return single(await find.byCustnum(custnum, programsOf(appName)))
  }

  async function byMode(mode: RecoveryMode, value: string, appName: AppName): Promise<Lookup> {
    switch (mode) {
      case 'username':
        return single(await find.byUsername(value, programsOf(appName)))
      case 'accountNumber':
      case 'agentNumber':
        return byCustomerNumber(value, appName)
      case 'email':
        return byContact('email', { emailAddress: value }, appName)
      case 'mobile':
        return byContact('sms', { phoneNumber: value }, appName)
    }
  }

  const brand = async (program: string) => brandOf(program, await reference.phoneOf(program))

  /** Where a message for this user goes by this method: the contact on file, or nowhere. */
  function recipientOf(user: UserRow, method: DeliveryMethod): string | undefined {
    if (method === 'email') return user.email ?? undefined
    return user.phone ? toE164(user.phone) : undefined
  }

  async function send(tx: Db, user: UserRow, method: DeliveryMethod, message: Message) {
    const recipient = recipientOf(user, method)
    if (!recipient) return false
    await writer.enqueue(tx, { channel: method, recipient, program: user.program, message })
    return true
  }

  async function sendUsername(lookup: Lookup, method: DeliveryMethod): Promise<RecoveryResponse> {
    const { user } = lookup
    if (!user) return answer(lookup.status)
    await beforeSend?.(user.id)
    const message = templates.username(await brand(user.program), user.username)
    if (!(await send(db, user, method, message))) return answer(recoveryStatuses.dataNotFound)
    await audit.record({ event: 'recovery.username_sent', userId: user.id, detail: { method } })
    return answer(recoveryStatuses.success)
  }

  /** A random temporary password, stored hashed and flagged; it also unlocks the account. */
  async function sendTemporaryPassword(
    lookup: Lookup,
    method: DeliveryMethod,
  ): Promise<RecoveryResponse> {
    const { user } = lookup
    if (!user) return answer(lookup.status)
    if (!recipientOf(user, method)) return answer(recoveryStatuses.dataNotFound)
    await beforeSend?.(user.id)
    const password = generateTemporaryPassword()
    const passwordHash = await hashPassword(password)
    const message = templates.temporaryPassword(await brand(user.program), password, '24 hours')
    await db.transaction(async (tx) => {
      const now = clock.now()
      await usersRepo(tx).changePassword(user.id, passwordHash, now, {
        isTemporary: true,
        temporaryExpiresAt: new Date(now.getTime() + temporaryPasswordTtlHours * 3_600_000),
      })
      // A reset ends every sign-in of the user: one opened with the old password (by
      // whoever had it) cannot go on to the second factor.
      await sessionsRepo(tx).removeAllOf(user.id)
      if (unlockRules.isReconfirmationRequiredAfterReset(user)) {
        // After a lockout the verification details are confirmed again (RE_ENROLL/UNLOCKED).
        await mfaRepo(tx).requireReconfirmation(user.id)
      }
      await send(tx, user, method, message)
    })
    await audit.record({
      event: 'recovery.temporary_password_sent',
      userId: user.id,
      detail: { method, wasLocked: user.isLocked },
    })
    return answer(recoveryStatuses.success)
  }

  return {
    async contactsByCustomerNumber(
      custnum: string,
      appName: AppName,
    ): Promise<ContactLookupResponse> {
      return contacts(await byCustomerNumber(custnum, appName))
    },
    async contactsByUsername(username: string, appName: AppName): Promise<ContactLookupResponse> {
      return contacts(single(await find.byUsername(username, programsOf(appName))))
    },
    async findEmail(
      method: DeliveryMethod,
      contact: { emailAddress?: string; phoneNumber?: string },
      appName: AppName,
    ) {
      return answer((await byContact(method, contact, appName)).status)
    },
    async sendUserName(request: {
      deliveryMethod: DeliveryMethod
      emailAddress?: string
      phoneNumber?: string
      personCd?: string
      appName: AppName
    }): Promise<RecoveryResponse> {
      const lookup = request.personCd
        ? await byCustomerNumber(request.personCd, request.appName)
        : await byContact(request.deliveryMethod, request, request.appName)
      return sendUsername(lookup, request.deliveryMethod)
    },
    async sendTempPassword(request: {
      deliveryMethod: DeliveryMethod
      emailAddress?: string
      phoneNumber?: string
      appName: AppName
    }): Promise<RecoveryResponse> {
      const lookup = await byContact(request.deliveryMethod, request, request.appName)
      return sendTemporaryPassword(lookup, request.deliveryMethod)
    },
    async sendOtpToContactInfo(request: {
      deliveryMethod: DeliveryMethod
      firstPageSelectedMode: RecoveryMode
      firstPageSelectedValue: string
      appName: AppName
    }): Promise<RecoveryResponse> {
      const lookup = await byMode(
        request.firstPageSelectedMode,
        request.firstPageSelectedValue,
        request.appName,
      )
      return sendTemporaryPassword(lookup, request.deliveryMethod)
    },
  }
}

function contacts(lookup: Lookup): ContactLookupResponse {
  const { user } = lookup
  return {
    status: lookup.status === recoveryStatuses.success,
    message: lookup.status,
    email: maskEmail(user?.email ?? null),
    phone: maskPhone(user?.phone ?? null),
  }
}
