// Demo mode only: the messages the outbox viewer shows (what the service sent, newest first),
// read through the outbox repository so that the viewer's routes take a service, as all
// routes do.
import type { OutboxWriter } from '../delivery/outbox.ts'
import type { Store } from '../store/index.ts'

export interface SentMessage {
  id: number
  channel: string
  recipient: string
  template: string
  subject: string | null
  body: string
  status: string
  createdAt: string
}

export function outboxViewerService({ store, writer }: { store: Store; writer: OutboxWriter }) {
  const repo = store.outbox
  return {
    /** The newest `count` messages, their bodies opened. */
    async latest(count = 100): Promise<SentMessage[]> {
      return (await repo.latest(count)).map((row) => ({
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        template: row.template,
        subject: row.subject,
        body: writer.read(row),
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      }))
    },
  }
}
export type OutboxViewerService = ReturnType<typeof outboxViewerService>
