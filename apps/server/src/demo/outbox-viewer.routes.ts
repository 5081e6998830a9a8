// Demo mode only: what the service sent, so a person can finish every flow on one machine
// (read the code, the temporary password, the username). Never registered in production.
import type { FastifyInstance } from 'fastify'
import type { OutboxViewerService } from './outbox-viewer.service.ts'

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

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
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>Outbox (demo)</title><link rel="stylesheet" href="/demo/demo.css"></head><body><main><h1>Outbox (demo)</h1><p class="note">Email and text messages the service sent, newest first. Reload to refresh.</p>${rows || '<p>Nothing sent yet.</p>'}</main></body></html>`,
      )
  })
}
