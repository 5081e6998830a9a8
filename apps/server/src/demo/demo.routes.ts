// Demo mode only: stand-ins for the sites the portal hands the browser to, so a person can
// finish every flow on one machine and see what each hand-off carried.
import type { FastifyInstance } from 'fastify'
import type { Clock } from '../lib/clock.ts'
import { escapeHtml } from '../lib/html.ts'
import type { WindowStore } from '../lib/window-store.ts'
import { openPlToken, type NonceMemory, type PlTokenKeys } from '../modules/handoff/pl-token.ts'
import { demoPage } from './demo-page.ts'

const css = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f9;color:#1b2430}
main{max-width:44rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.5rem;margin-top:0}dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1.2rem}
dt{font-weight:600}dd{margin:0;word-break:break-all}.note{color:#4a5563;font-size:.9rem}`

// Reads the fragment in the browser: it never reaches a server, as with the real main site.
const receiverScript = `const out = document.getElementById('handoff')
const [route, query = ''] = location.hash.replace(/^#\\/?/, '').split('?')
const add = (name, value) => {
  const dt = document.createElement('dt'); dt.textContent = name
  const dd = document.createElement('dd'); dd.textContent = value; dd.dataset.field = name
  out.append(dt, dd)
}
add('route', route)
try {
  const data = JSON.parse(atob(new URLSearchParams(query).get('data') || ''))
  for (const [name, value] of Object.entries(data)) {
    add(name, name === 'password' ? 'received (' + String(value).length + ' characters, not shown)' : String(value))
  }
} catch { add('data', 'missing or unreadable') }
`

const page = (title: string, body: string) => demoPage({ title, body })

/**
 * The demo receiver's memory of spent pl nonces: a counter in the limits' store, so Redis
 * (one atomic INCR, shared by every instance) when REDIS_URL is set, this process otherwise.
 */
export function windowStoreNonces(store: WindowStore): NonceMemory {
  return {
    firstUse: async (nonce, untilMs, nowMs) =>
      (await store.increment(`pl-nonce:${nonce}`, untilMs - nowMs, nowMs)) === 1,
  }
}

export async function demoRoutes(
  app: FastifyInstance,
  {
    plHandoffKeys,
    plNonces,
    clock,
  }: { plHandoffKeys: PlTokenKeys; plNonces: NonceMemory; clock: Clock },
) {
  app.get('/demo/demo.css', (_request, reply) => reply.type('text/css').send(css))
  app.get('/demo/main-site/receiver.js', (_request, reply) =>
    reply.type('text/javascript').send(receiverScript),
  )
  app.get('/demo/main-site/usweb/', (_request, reply) =>
    reply
      .type('text/html')
      .send(
        page(
          'Main program site (demo)',
          `<h1>Main program site (demo receiver)</h1><p class="note">Stands in for the program's main site and shows what the portal handed over.</p><dl id="handoff"></dl><script src="/demo/main-site/receiver.js"></script>`,
        ),
      ),
  )
  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/demo/policy-app/',
    async (request, reply) => {
      const { loginRedirect = '', initVectorLogin = '' } = request.query
      // What the policy application's owner runs (README, "The pl hand-off"): MAC, expiry,
      // nonce once, key.
      const opened = await openPlToken(plHandoffKeys, request.query, clock.now(), plNonces)
      const username = opened.ok ? opened.username : `refused (${opened.reason})`
      const rows = {
        loginRedirect,
        username,
        initVectorLogin,
        signed: plHandoffKeys.mac ? 'yes' : 'no',
      }
      const list = Object.entries(rows)
        .map(([k, v]) => `<dt>${k}</dt><dd data-field="${k}">${escapeHtml(v)}</dd>`)
        .join('')
      return reply
        .type('text/html')
        .send(
          page(
            'Policy application (demo)',
            `<h1>Policy application (demo receiver)</h1><p class="note">Checked the signature, the expiry and that the address was not used before, then decrypted the username with the configured key.</p><dl>${list}</dl>`,
          ),
        )
    },
  )
  app.get('/demo/*', (request, reply) =>
    reply
      .type('text/html')
      .send(
        page(
          'External site (demo)',
          `<h1>External site (demo stand-in)</h1><p>In production this link opens an external site configured by the operator.</p><p class="note">${escapeHtml(request.url)}</p>`,
        ),
      ),
  )
}
