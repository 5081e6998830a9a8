// Serves the built portal: hashed assets cached for good, the page shell never cached.
// Every path of the two areas gets the shell; the portal's router takes it from there.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export async function webRoutes(app: FastifyInstance, { distDir }: { distDir: string }) {
  const isBuilt = existsSync(join(distDir, 'index.html'))
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
  const shell = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!isBuilt) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The portal has not been built yet: run `npm run build`, then restart.')
    }
    reply.header('Cache-Control', 'no-cache')
    return reply.sendFile('index.html')
  }
  app.get('/', (_request, reply) => reply.redirect('/usweb/login'))
  // support-console: the staff console (issue 15), a lazy route area of the same build.
  for (const area of ['usweb', 'proliability', 'support-console']) {
    app.get(`/${area}`, shell)
    app.get(`/${area}/*`, shell)
  }
}
