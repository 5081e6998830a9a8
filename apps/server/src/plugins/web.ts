// Serves the built portal: hashed assets cached for good, the page shell never cached.
// Every path of the two areas gets the shell; the portal's router takes it from there.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
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
  const shell = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isBuilt) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The portal has not been built yet: run `npm run build`, then restart.')
    }
    reply.header('Cache-Control', 'no-cache')
    return reply.sendFile(loginShellOf.get(routedPath(request.url)) ?? 'index.html')
  }
  app.get('/', (_request, reply) => reply.redirect(`/${flavours.usweb.area}/login`))
  // support-console: the staff console (issue 15), a lazy route area of the same build. The
  // same addresses in another case are redirected here (plugins/page-addresses.ts).
  for (const area of pageAreas) {
    // The page hands out the anti-forgery token its calls will need (plugins/session.ts).
    app.get(`/${area}`, issuesAntiForgeryToken, shell)
    app.get(`/${area}/*`, issuesAntiForgeryToken, shell)
  }
}
