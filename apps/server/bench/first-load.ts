import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import Fastify from 'fastify'
import type { Browser } from 'playwright-core'
import { webRoutes } from '../src/plugins/web.ts'
import { launchBrowser } from '../src/testing/chromium.ts'
import { fmt, kb, root } from './lib.ts'

const webDist = join(root, 'apps/web/dist')
const budget = 100 * 1024

// --- 1. First load of the login page: JS + CSS as Chromium receives them -----------------

/** The login pages of both flavours, as a member opens them. */
const loginPages = [
  { name: 'usweb  /usweb/login', path: '/usweb/login?prgName=bclip&level1Org=100' },
  { name: 'pl     /proliability/login', path: '/proliability/login' },
  // Issue 24: the same pages for a browser that asks for Spanish (its catalogue loads too).
  {
    name: 'usweb  /usweb/login es-US',
    path: '/usweb/login?prgName=bclip&level1Org=100',
    locale: 'es-US',
  },
  { name: 'pl     /proliability/login es-US', path: '/proliability/login', locale: 'es-US' },
]

interface Received {
  /**
   * Encoded (as sent: brotli or gzip) body bytes of every script and stylesheet, and of the
   * stylesheet the page itself carries (a rendered login page inlines it: `inlineCss`).
   */
  bytes: number
  files: number
  encodings: Set<string>
  /** The page's own <style> elements, brotli-compressed alone (as much as they add to it). */
  inlineCss: number
  /** The page itself, as sent. */
  document: number
}

/** The CSS of a page's <style> elements, compressed as the service compresses pages. */
function inlineCssBytes(html: string): number {
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('')
  if (!css) return 0
  return brotliCompressSync(Buffer.from(css), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length
}

/**
 * Opens the page in a fresh browser context (empty cache) and sums the encoded body sizes
 * of the scripts and stylesheets Chromium receives until the network is idle: the entry,
 * its static imports, the lazy chunk of the first screen and their CSS.
 */
async function received(
  browser: Browser,
  url: string,
  ready: string,
  locale?: string,
): Promise<Received> {
  const context = await browser.newContext(locale ? { locale } : {})
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const counted = new Map<string, { url: string; type: string; encoding: string }>()
  const result: Received = { bytes: 0, files: 0, encodings: new Set(), inlineCss: 0, document: 0 }
  let documentId: string | undefined
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Document' && documentId === undefined) documentId = event.requestId
    if (event.type !== 'Script' && event.type !== 'Stylesheet') return
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    )
    counted.set(event.requestId, {
      url: event.response.url,
      type: event.type,
      encoding: String(headers['content-encoding'] ?? 'identity'),
    })
  })
  cdp.on('Network.loadingFinished', (event) => {
    if (event.requestId === documentId) result.document = event.encodedDataLength
    const response = counted.get(event.requestId)
    if (!response) return
    // encodedDataLength counts the response headers too; the budget is about the assets.
    result.bytes += event.encodedDataLength
    // BENCH_FIRST_LOAD_FILES=1 names each file, to see where the budget goes.
    if (process.env.BENCH_FIRST_LOAD_FILES) {
      console.log(
        `    ${(event.encodedDataLength / 1024).toFixed(1).padStart(6)} KB  ${response.url}`,
      )
    }
    result.files++
    result.encodings.add(response.encoding)
  })
  const headerBytes = new Map<string, number>()
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    headerBytes.set(event.requestId, event.headersText?.length ?? 0)
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.locator(ready).first().waitFor()
  for (const [requestId] of counted) result.bytes -= headerBytes.get(requestId) ?? 0
  if (documentId) {
    result.document -= headerBytes.get(documentId) ?? 0
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', {
      requestId: documentId,
    })
    result.inlineCss = inlineCssBytes(
      base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body,
    )
    result.bytes += result.inlineCss
  }
  await context.close()
  return result
}

/**
 * Bare React 19 with one form: what any React login page pays before its own code. Built
 * with the portal's Vite and compression settings and served by the portal's own static
 * plugin, so it travels exactly as the portal's assets do.
 */
async function buildBaseline(): Promise<string> {
  const dir = join(root, '.tmp/bench-baseline')
  await rm(dir, { recursive: true, force: true })
  await mkdir(join(dir, 'src'), { recursive: true })
  const page = '<div id="root"></div><script type="module" src="/src/main.js"></script>'
  await writeFile(join(dir, 'index.html'), page)
  const form = `h('form', null, h('label', null, 'Username ', h('input', { name: 'u' })), h('button', null, 'Login'))`
  await writeFile(
    join(dir, 'src/main.js'),
    `import { createElement as h } from 'react'\nimport { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')).render(${form})\n`,
  )
  const { build } = await import('vite')
  const { compression } = await import('vite-plugin-compression2')
  await build({
    root: dir,
    logLevel: 'silent',
    configFile: false,
    plugins: [compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 512 })],
    build: { outDir: join(dir, 'dist'), manifest: true, emptyOutDir: true },
  })
  return join(dir, 'dist')
}

async function serveBaseline(distDir: string) {
  const app = Fastify({ logger: false })
  await app.register(webRoutes, { distDir })
  await app.listen({ host: '127.0.0.1', port: 0 })
  return { app, port: (app.server.address() as { port: number }).port }
}

// --- The manifest's view: what the login route's chunks weigh on disk ---------------------

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>

/** Every file a manifest entry loads before it runs: its chunk, static imports and CSS. */
function closure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return [...files]
}

async function rawSize(files: string[]): Promise<number> {
  let total = 0
  for (const file of files) total += (await readFile(join(webDist, file))).length
  return total
}

export async function firstLoad(portalPort: number) {
  const baselineDist = await buildBaseline()
  const baseline = await serveBaseline(baselineDist)
  const browser = await launchBrowser()
  try {
    const base = await received(
      browser,
      `http://127.0.0.1:${baseline.port}/usweb/login`,
      'form button',
    )
    console.log('\nLogin page first load: JS + CSS bytes Chromium receives (fresh cache)')
    const row = (name: string, r: Received) =>
      console.log(
        `  ${name.padEnd(36)} ${kb(r.bytes).padStart(9)}  ${fmt(r.bytes / base.bytes, 2)}x  ` +
          `(${r.files} files, ${[...r.encodings].join('/')}` +
          `${r.inlineCss ? `, with ${kb(r.inlineCss)} of CSS in the page` : ''}; page ${kb(r.document)})`,
      )
    row('baseline bare React + form', base)
    for (const page of loginPages) {
      const url = `http://127.0.0.1:${portalPort}${page.path}`
      row(
        page.name,
        await received(browser, url, 'form.login-form button[type=submit]', page.locale),
      )
    }
    console.log(
      `  ${'budget'.padEnd(36)} ${kb(budget).padStart(9)}  ${fmt(budget / base.bytes, 2)}x`,
    )
  } finally {
    await browser.close()
    await baseline.app.close()
  }
  const manifest = JSON.parse(
    await readFile(join(webDist, '.vite/manifest.json'), 'utf8'),
  ) as Manifest
  for (const route of ['usweb-login', 'pl-login']) {
    const files = closure(manifest, ['index.html', `src/routes/${route}.tsx`])
    console.log(
      `  manifest closure ${route.padEnd(12)} ${kb(await rawSize(files))} raw, ${files.length} files`,
    )
  }
}
