// Demo mode only: what the service sent, so a person can finish every flow on one machine
// (read the code, the temporary password, the username). Never registered in production.
import type { FastifyInstance } from 'fastify'
import { escapeHtml } from '../lib/html.ts'
import { demoPage } from './demo-page.ts'
import type { OutboxViewerService } from './outbox-viewer.service.ts'

export async function outboxViewerRoutes(
  app: FastifyInstance,
  { outbox }: { outbox: OutboxViewerService },
) {
  const messages = () => outbox.latest(100)

  app.get('/dev/outbox.json', async () => messages())

  app.get('/dev/outbox', async (_request, reply) => {
    const rows = (await messages())
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject ?? 'Text message')}</h2><p class="note">${m.channel} to ${escapeHtml(m.recipient)} · ${m.status} · ${m.createdAt}</p><pre>${escapeHtml(m.body)}</pre></article>`,
      )
      .join('')
    return reply.type('text/html').send(
      demoPage({
        title: 'Outbox (demo)',
        body: `<h1>Outbox (demo)</h1><p class="note">Email and text messages the service sent, newest first. Reload to refresh.</p>${rows || '<p>Nothing sent yet.</p>'}`,
      }),
    )
  })
}
