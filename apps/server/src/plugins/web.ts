// Serves the built portal: hashed assets cached for good, the page shell never cached.
// Every path of the two areas gets the shell; the portal's router takes it from there.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  flavours,
  locales,
  programOfLoginAddress,
  sourceLocale,
  type Locale,
  type ProgramCode,
} from '@portal/contract'
import { requestLocale } from '../lib/request-context.ts'
import { pageAreas } from './page-addresses.ts'
import { fillPageShell, pageShellMarkers, withRenderedLogin } from './page-shell.ts'
import type { PortalLinks } from '../config.ts'
import { securityHeaders } from './security.ts'
import { issuesAntiForgeryToken } from './session.ts'

/**
 * The run-time configuration the page reads (apps/web/src/config/env.ts): a JSON data block,
 * which browsers never execute, so the content-security policy needs no change. `<` is
 * escaped so that no value can close the element.
 */
export function configBlock(links: PortalLinks, deviceTrustDays?: number): string {
  return `<script type="application/json" id="portal-config">${configJson(links, deviceTrustDays)}</script>`
}

/** The block's text. deviceTrustDays (issue 27): the code screen's "Remember this device for N days". */
function configJson(links: PortalLinks, deviceTrustDays?: number): string {
  return JSON.stringify({ links, deviceTrustDays }).replaceAll('<', '\\u003c')
}

interface Shell {
  /** The page's content-security policy when it differs from every page's (a rendered login). */
  policy?: string
  identity: Buffer
  br: Buffer
  gzip: Buffer
  /** A page that has not changed since the browser's copy is answered 304. */
  etag: string
}

/**
 * A page shell with the configuration written in, compressed once at start; in each
 * language, named by `<html lang>` (issue 24), which the portal reads to know which
 * catalogue to load, and naming that language's login-page texts so that they come with the
 * entry (`textsTags`, apps/web/build/login-pages.ts). English keeps the build's `lang="en"`.
 */
function pageOf(
  distDir: string,
  file: string,
  block: string,
  locale: Locale,
  textsTags: string,
): string {
  const built = readFileSync(join(distDir, file), 'utf8')
  return (
    locale === sourceLocale ? built : built.replace('<html lang="en">', `<html lang="${locale}">`)
  ).replace('</head>', `  ${textsTags}\n  ${block}\n  </head>`)
}

function shellOf(html: string, policy?: string): Shell {
  const identity = Buffer.from(html)
  return {
    ...(policy ? { policy } : {}),
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
  }
}

/** br, then gzip, when the browser accepts it (q=0 refuses). */
function encodingFor(accept: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map(
    (accept ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return [name.trim().toLowerCase(), q ? Number(q.trim().slice(2)) : 1] as const
    }),
  )
  if ((accepted.get('br') ?? 0) > 0) return 'br'
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip'
  return undefined
}

interface LoginPages {
  /** The shell for each login address: the same page, naming the login screen's files. */
  pages: Record<string, string>
  /** Each language's login-page texts, as the link tags that name their files. */
  localeTexts: Partial<Record<Locale, string>>
}

/**
 * What the build wrote of the login pages (apps/web/build/login-pages.ts). Every other
 * address gets index.html.
 */
function loginPages(distDir: string): LoginPages {
  const file = join(distDir, 'login-pages.json')
  if (!existsSync(file)) return { pages: {}, localeTexts: {} }
  return JSON.parse(readFileSync(file, 'utf8')) as LoginPages
}

/** The portal's render of a login address (apps/web/src/prerender.tsx, built into dist-ssr/). */
type RenderLoginPage = (page: {
  url: string
  locale: Locale
  program: ProgramCode
  phone: string | undefined
  config: string
}) => Promise<string>

/** The build's renderer of the login page, if it was built (issue 45). */
async function loginRenderer(
  distDir: string,
  log: FastifyInstance['log'],
): Promise<RenderLoginPage | undefined> {
  const file = join(distDir, '..', 'dist-ssr', 'prerender.js')
  if (!existsSync(file)) return undefined
  try {
    const module = (await import(pathToFileURL(file).href)) as {
      renderLoginPage: RenderLoginPage
    }
    return module.renderLoginPage
  } catch (error) {
    // A renderer that cannot load (a build of another mode, say) costs the first paint, not
    // the service: every login page is then the plain shell, which the portal renders into.
    log.error({ err: error }, 'login page renderer could not be loaded')
    return undefined
  }
}

/**
 * Issue 45: a login address the service renders is one whose page the address alone decides:
 * the program named (else the portal shows the one remembered in this browser tab) and no
 * query but the program's and level1Org (`cname` fills in the form). The page is rendered for
 * the address without level1Org, which the screen does not show: one page per program, number
 * and language, whatever level1Org a link carries.
 */
function renderedAddress(
  pathname: string,
  search: string,
  program: ProgramCode,
): string | undefined {
  const names = [...new URLSearchParams(search).keys()].map((name) => name.toLowerCase())
  if (names.some((name) => name !== 'prgname' && name !== 'level1org')) return undefined
  const path = routedPath(pathname)
  return names.includes('prgname') ? `${path}?prgName=${program}` : path
}

/** An address as the router matches it: without query, case or trailing slash. */
function routedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? url
  return path.toLowerCase().replace(/\/+$/, '')
}

export async function webRoutes(
  app: FastifyInstance,
  {
    distDir,
    links,
    deviceTrustDays,
    phoneOf,
  }: {
    distDir: string
    links?: PortalLinks
    deviceTrustDays?: number
    /** The program's customer-service number, for the login shell's header (issue 27). */
    phoneOf?: (program: string) => Promise<string | undefined>
  },
) {
  const isBuilt = existsSync(join(distDir, 'index.html'))
  const renderLogin = isBuilt ? await loginRenderer(distDir, app.log) : undefined
  // Every page's policy (plugins/security.ts; TLS changes other headers, not this one), to
  // which a rendered login page adds the hashes of its style attributes (page-shell.ts).
  const policy = securityHeaders(false)['content-security-policy'] ?? ''
  const { pages, localeTexts } = loginPages(distDir)
  const loginShellOf = new Map(Object.entries(pages))
  const json = links ? configJson(links, deviceTrustDays) : ''
  // The first render loads the screen's modules (60 ms of CPU measured, against 8-12 ms for
  // each page after it): at start, not in a member's request. Its page is not kept.
  void renderLogin?.({
    url: `/${flavours.pl.area}/login`,
    locale: sourceLocale,
    program: flavours.pl.defaultProgram,
    phone: undefined,
    config: json,
  }).catch((error: unknown) => app.log.error({ err: error }, 'login page render failed'))
  /** A built stylesheet's text, which a rendered login page carries (page-shell.ts). */
  const stylesheets = new Map<string, string | undefined>()
  const stylesheetOf = (href: string) => {
    if (!stylesheets.has(href)) {
      const file = join(distDir, href)
      const isBuilt = href.startsWith('/assets/') && href.endsWith('.css') && existsSync(file)
      stylesheets.set(href, isBuilt ? readFileSync(file, 'utf8') : undefined)
    }
    return stylesheets.get(href)
  }
  const block = links ? configBlock(links, deviceTrustDays) : ''
  const shells = new Map<string, Shell>()
  /** Login shells with room for the program's header (page-shell.ts), by locale and file. */
  const marked = new Map<string, string>()
  /** Those filled in, by locale, file, program and number; made on first use. */
  const filled = new Map<string, Shell>()
  const keyOf = (file: string, locale: Locale) => `${locale} ${file}`
  if (isBuilt) {
    for (const file of new Set(['index.html', ...loginShellOf.values()])) {
      for (const locale of locales) {
        const html = pageOf(distDir, file, block, locale, localeTexts[locale] ?? '')
        if (html.includes(pageShellMarkers.root)) marked.set(keyOf(file, locale), html)
        else shells.set(keyOf(file, locale), shellOf(html))
      }
    }
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Page shells only with their configuration (below), never as built.
      allowedPath: (path) => !path.endsWith('.html'),
      // The build writes .br and .gz beside each asset; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (reply, path) => {
        const isHashed = path.includes(`${join(distDir, 'assets')}`)
        reply.header('Cache-Control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  /** A login shell with the header of the program its address names (issue 27, problem 9). */
  const filledShell = async (file: string, locale: Locale, url: string) => {
    const html = marked.get(keyOf(file, locale))
    if (html === undefined) return undefined
    const [pathname = '/', search = ''] = url.split('?', 2)
    const program = programOfLoginAddress(pathname, search)
    // Without the number the header still names the program; the page then looks it up.
    const phone = program ? await phoneOf?.(program).catch(() => undefined) : undefined
    const address = program && renderLogin && renderedAddress(pathname, search, program)
    const key = `${keyOf(file, locale)} ${program ?? ''} ${phone ?? ''} ${address || ''}`
    let page = filled.get(key)
    if (!page) {
      // A handful of programs and numbers; a changed number starts the set again.
      if (filled.size >= 200) filled.clear()
      // Should the render fail, the page is the plain shell, which the portal renders into.
      const markup =
        program && renderLogin && address
          ? await renderLogin({ url: address, locale, program, phone, config: json }).catch(
              (error: unknown) => void app.log.error({ err: error }, 'login page render failed'),
            )
          : undefined
      if (program && markup) {
        const rendered = withRenderedLogin(html, markup, { program, phone }, policy, stylesheetOf)
        page = shellOf(fillPageShell(rendered.html, { program, phone, locale }), rendered.policy)
      } else page = shellOf(fillPageShell(html, { program, phone, locale }))
      filled.set(key, page)
    }
    return page
  }
  const shell = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isBuilt) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The portal has not been built yet: run `npm run build`, then restart.')
    }
    const file = loginShellOf.get(routedPath(request.url)) ?? 'index.html'
    // The language chosen (the switch's cookie), else the browser's (issue 24).
    const locale = requestLocale(request.headers) ?? sourceLocale
    const page =
      (await filledShell(file, locale, request.url)) ??
      shells.get(keyOf(file, locale)) ??
      shells.get(keyOf('index.html', locale))
    if (!page) return reply.code(404).send()
    if (page.policy) reply.header('Content-Security-Policy', page.policy)
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
      .header('ETag', page.etag)
      .type('text/html; charset=utf-8')
    const cached = request.headers['if-none-match']
    if (cached?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
      return reply.code(304).send()
    }
    const encoding = encodingFor(request.headers['accept-encoding'])
    if (encoding) reply.header('Content-Encoding', encoding)
    return reply.send(encoding ? page[encoding] : page.identity)
  }
  app.get('/', (_request, reply) => reply.redirect(`/${flavours.usweb.area}/login`))
  // support-console: the staff console (issue 15), a lazy route area of the same build. The
  // same addresses in another case are redirected here (plugins/page-addresses.ts).
  for (const area of pageAreas) {
    // The page hands out the anti-forgery token its calls will need (plugins/session.ts).
    app.get(`/${area}`, issuesAntiForgeryToken, shell)
    app.get(`/${area}/*`, issuesAntiForgeryToken, shell)
  }
  // A submit before any script ran (a slow network, an early Enter) posts the rendered form
  // to its page's own address (`method="post"`: the password never in an address). It goes
  // back to the page (303: as a GET), where the form is then the portal's. The body is never
  // read, so the password typed is neither parsed nor kept; nothing changes, so no token.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))
    for (const area of pageAreas) {
      for (const url of [`/${area}`, `/${area}/*`]) {
        scope.post(url, { config: { outsideSession: true } }, (request, reply) =>
          reply.redirect(request.url, 303),
        )
      }
    }
  })
}
