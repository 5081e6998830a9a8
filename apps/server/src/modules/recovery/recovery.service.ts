// Account recovery (spec §4 "Recovery"): find the one account the details name, then send
// its username or a temporary password. Messages go to the contact details on file, never
// to an address the browser supplies, and are written in the same transaction as the
// password change they report.
import {
  flavours,
  maskEmail,
  maskPhone,
  programCodes,
  normalisedCustomerNumber,
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
import { brandOf, templates, type Lifetime, type Message } from '../../delivery/templates.ts'
import { toE164 } from '../../delivery/transports.ts'
import type { Clock } from '../../lib/clock.ts'
import { generateTemporaryPassword, hashPassword } from '../../lib/passwords.ts'
import type { OutboxTarget } from '../../delivery/outbox.ts'
import type { Store } from '../../store/index.ts'
import type { UserRow } from '../../store/users.repo.ts'
import { isGuessableFor } from '../password/password-blocklist.ts'

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
  store: Store
  writer: OutboxWriter
  clock: Clock
  /** TEMP_PASSWORD_TTL_HOURS (email) and TEMP_PASSWORD_SMS_TTL_MINUTES: refused after this. */
  temporaryPasswordTtl: { emailHours: number; smsMinutes: number }
  /** The per-user message cap (rate-limits.ts): throws 429 when this user has had enough. */
  beforeSend?: (userId: number) => Promise<unknown>
}

export function recoveryService(deps: Deps) {
  const { store, writer, clock, temporaryPasswordTtl, beforeSend } = deps
  const { customers, audit, reference } = store
  const { emailHours, smsMinutes } = temporaryPasswordTtl
  const temporaryPasswordLifetimes: Record<DeliveryMethod, { ms: number; words: Lifetime }> = {
    email: { ms: emailHours * 3_600_000, words: { amount: emailHours, unit: 'hour' } },
    sms: { ms: smsMinutes * 60_000, words: { amount: smsMinutes, unit: 'minute' } },
  }
  const find = store.recovery

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
        return byCustomerNumber(normalisedCustomerNumber(value), appName)
      case 'email':
        return byContact('email', { emailAddress: value }, appName)
      case 'mobile':
        return byContact('sms', { phoneNumber: value }, appName)
    }
  }

  const brand = async (user: UserRow) =>
    brandOf(user.program, await reference.phoneOf(user.program), user.locale)

  /** Where a message for this user goes by this method: the contact on file, or nowhere. */
  function recipientOf(user: UserRow, method: DeliveryMethod): string | undefined {
    if (method === 'email') return user.email ?? undefined
    return user.phone ? toE164(user.phone) : undefined
  }

  async function send(tx: OutboxTarget, user: UserRow, method: DeliveryMethod, message: Message) {
    const recipient = recipientOf(user, method)
    if (!recipient) return false
    await writer.enqueue(tx, { channel: method, recipient, program: user.program, message })
    return true
  }

  async function sendUsername(lookup: Lookup, method: DeliveryMethod): Promise<RecoveryResponse> {
    const { user } = lookup
    if (!user) return answer(lookup.status)
    await beforeSend?.(user.id)
    const message = templates.username(await brand(user), user.username)
    if (!(await send(store, user, method, message))) return answer(recoveryStatuses.dataNotFound)
    await audit.record({ event: 'recovery.username_sent', userId: user.id, detail: { method } })
    return answer(recoveryStatuses.success)
  }

  /**
   * A random temporary password, kept beside the current one (issue 32, M4): asking for it
   * takes nothing away, so a stranger who knows a member's email cannot lock them out of
   * their own password. Whichever is used first wins (authentication.service.ts). It expires
   * by its channel: a text message is read at once, an email may wait for the morning. The
   * member's other channel hears of it, so the owner learns of a request they did not make.
   */
  async function sendTemporaryPassword(
    lookup: Lookup,
    method: DeliveryMethod,
  ): Promise<RecoveryResponse> {
    const { user } = lookup
    if (!user) return answer(lookup.status)
    if (!recipientOf(user, method)) return answer(recoveryStatuses.dataNotFound)
    await beforeSend?.(user.id)
    // A disabled account (the support desk's: fraud, a death, a dispute) is given no password;
    // its contact hears whom to call. The answer is any account's: it tells the asker nothing.
    if (user.isDisabled) {
      await send(store, user, method, templates.accountOnHold(await brand(user)))
      await audit.record({ event: 'recovery.account_on_hold', userId: user.id, detail: { method } })
      return answer(recoveryStatuses.success)
    }
    const password = generateTemporaryPassword((draw) =>
      isGuessableFor(draw, { username: user.username, program: user.program }),
    )
    const passwordHash = await hashPassword(password)
    const lifetime = temporaryPasswordLifetimes[method]
    const b = await brand(user)
    const message = templates.temporaryPassword(b, password, lifetime.words, user.isLocked)
    const other: DeliveryMethod = method === 'email' ? 'sms' : 'email'
    await store.transaction(async (tx) => {
      await tx.users.setPendingPassword(user.id, {
        hash: passwordHash,
        expiresAt: new Date(clock.now().getTime() + lifetime.ms),
        channel: method,
      })
      await send(tx, user, method, message)
      await send(tx, user, other, templates.temporaryPasswordSent(b, method, user.isLocked))
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
      // Issue 27: 'asf100002' is the Agent Number ASF100002.
      return contacts(await byCustomerNumber(normalisedCustomerNumber(custnum), appName))
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
