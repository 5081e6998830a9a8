// The demo's own pages (the hand-off receivers, the outbox viewer, the API reference): one
// head for all. It names the portal's icon: without it a browser asks for /favicon.ico, and the
// 404 is a console error the browser tests count.
import { escapeHtml } from '../lib/html.ts'

export function demoPage({
  title,
  body,
  stylesheet = '/demo/demo.css',
}: {
  title: string
  /** HTML, inside <main>. */
  body: string
  stylesheet?: string
}): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="${stylesheet}"></head><body><main>${body}</main></body></html>`
}
