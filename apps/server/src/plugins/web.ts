// Serves the built portal: hashed assets cached for good, the page shell never cached.
// Every path of the two areas gets the shell; the portal's router takes it from there.
//
// The shells are read once, when the service starts, with their brotli and gzip forms (the
// build's, or made here once): a page load costs no file system calls and no compression.
// As before, a first build needs a restart to be served; so does a rebuild now.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { flavours } from '@portal/contract'
import { pageAreas } from './page-addresses.ts'
import { issuesAntiForgeryToken } from './session.ts'

/**
 * The shell for each login address (apps/web/build/login-pages.ts): the same page, naming
 * the login screen's files so that they come with the entry. Every other address gets
 * index.html.
 */
function loginShells(distDir: string): Map<string, string> {
  const file = join(distDir, 'login-pages.json')
  if (!existsSync(file)) return new Map()
  return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>))
}

interface Shell {
  identity: Buffer
  br: Buffer
  gzip: Buffer
  etag: string
  lastModified: string
}

/** A shell file, read once, in the three forms a browser may take. */
function readShell(distDir: string, name: string): Shell {
  const path = join(distDir, name)
  const identity = readFileSync(path)
  const built = (suffix: string) =>
    existsSync(`${path}${suffix}`) ? readFileSync(`${path}${suffix}`) : undefined
  return {
    identity,
    br:
      built('.br') ??
      brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
    gzip: built('.gz') ?? gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    lastModified: statSync(path).mtime.toUTCString(),
  }
}

const shellEncodings = ['br', 'gzip']

/** An address as the router matches it: without query, case or trailing slash. */
function routedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? url
  return path.toLowerCase().replace(/\/+$/, '')
}

export async function webRoutes(app: FastifyInstance, { distDir }: { distDir: string }) {
  const isBuilt = existsSync(join(distDir, 'index.html'))
  const loginShellOf = loginShells(distDir)
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (reply, path) => {
        const isHashed = path.includes(`${join(distDir, 'assets')}`)
        reply.header('Cache-Control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  const shells = new Map<string, Shell>()
  if (isBuilt) {
    for (const name of new Set(['index.html', ...loginShellOf.values()])) {
      if (existsSync(join(distDir, name))) shells.set(name, readShell(distDir, name))
    }
  }
  const shell = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = shells.get(loginShellOf.get(routedPath(request.url)) ?? 'index.html')
    if (!page) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The portal has not been built yet: run `npm run build`, then restart.')
    }
    void reply.headers({
      'cache-control': 'no-cache',
      'content-type': 'text/html; charset=utf-8',
      vary: 'accept-encoding',
      etag: page.etag,
      'last-modified': page.lastModified,
    })
    const ifNoneMatch = request.headers['if-none-match']
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
      return reply.code(304).send()
    }
    const accepted = request.headers['accept-encoding']
    const encoding = accepted ? negotiate(accepted, shellEncodings) : null
    if (encoding === 'br' || encoding === 'gzip') {
      return reply.header('content-encoding', encoding).send(page[encoding])
    }
    return reply.send(page.identity)
  }
  // The shell is sent as it was read: compressed once here, never again per request.
  const shellRoute = { ...issuesAntiForgeryToken, compress: false as const }
  app.get('/', (_request, reply) => reply.redirect(`/${flavours.usweb.area}/login`))
  // support-console: the staff console (issue 15), a lazy route area of the same build. The
  // same addresses in another case are redirected here (plugins/page-addresses.ts).
  for (const area of pageAreas) {
    // The page hands out the anti-forgery token its calls will need (plugins/session.ts).
    app.get(`/${area}`, shellRoute, shell)
    app.get(`/${area}/*`, shellRoute, shell)
  }
}
