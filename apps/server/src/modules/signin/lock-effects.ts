// What a lock does beyond the lock itself, the same for wrong passwords and wrong codes
// (spec §4): every sign-in of the user ends, on this device and any other, and the owner is
// emailed the notice when they have an address. Runs inside the lock's transaction.
import type { Envelope, OutboxWriter } from '../../delivery/outbox.ts'
import type { Store } from '../../store/index.ts'
import type { UserRow } from '../../store/users.repo.ts'

export async function endSignInsAndNotify(
  tx: Store,
  writer: OutboxWriter,
  user: Pick<UserRow, 'id' | 'email' | 'program'>,
  notice: Envelope['message'],
): Promise<void> {
  await tx.sessions.removeAllOf(user.id)
  if (!user.email) return
  await writer.enqueue(tx, {
    channel: 'email',
    recipient: user.email,
    program: user.program,
    message: notice,
  })
}
