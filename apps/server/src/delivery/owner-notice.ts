// Notices to the customer record's own contacts (email and mobile), which a person who
// registered or enrolled with someone else's details does not control (pre-hijacking, H2).
import type { CustomerRow } from '../store/customers.repo.ts'
import type { OutboxTarget, OutboxWriter } from './outbox.ts'
import type { Message } from './templates.ts'
import { toE164 } from './transports.ts'

export async function noticeToCustomerRecord(
  tx: OutboxTarget,
  writer: OutboxWriter,
  customer: CustomerRow | undefined,
  program: string,
  message: Message,
): Promise<void> {
  const email = customer?.primaryEmailAddress ?? customer?.emailAddr
  const mobile = customer?.phone1?.replace(/\D/g, '')
  if (email) await writer.enqueue(tx, { channel: 'email', recipient: email, program, message })
  if (mobile && mobile.length === 10) {
    await writer.enqueue(tx, { channel: 'sms', recipient: toE164(mobile), program, message })
  }
}
