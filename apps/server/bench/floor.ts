// The full sign-in's floor (issue 25): what any service answering the specification's login
// page and five calls cannot go under on this machine, whatever its code. Bare Fastify on the
// portal's own paths, with the one argon2id verify at the password call and one statement to
// PostgreSQL per call (a service whose sessions live in the database, so that every instance
// honours a lock or a sign-out at once, reads the session at least once per call). Nothing
// else: no cookie read, no anti-forgery check, no validation, no audit row, no state written,
// no security headers, no log. The bench drives it with each row's own client (sign-in.ts:
// autocannon for the password call, login() for the full sign-in), so what the rows differ by
// is the service's work and what its answers ask of the client.
import { verify } from '@node-rs/argon2'
import formbody from '@fastify/formbody'
import Fastify from 'fastify'
import pg from 'pg'
import { authMessages } from '@portal/contract'
import { hashPassword } from '../src/lib/passwords.ts'

export async function serveFloor() {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('the floor needs PostgreSQL (DATABASE_URL)')
  const pool = new pg.Pool({ connectionString: url, max: 8 })
  // Named, as the portal's statements are: parsed once per connection.
  let statements = 0
  const oneStatement = () => {
    statements++
    return pool.query({ name: 'floor_session', text: 'SELECT $1::text AS id', values: ['session'] })
  }
  // Answers the bench's count, as serve.ts's portal does.
  process.on('message', () => process.send?.({ queryCount: statements }))
  const hash = await hashPassword('Portal#2026')
  // As many bytes as the portal's login page (the bench measures it and passes it on).
  const page = 'x'.repeat(Number(process.env.BENCH_FLOOR_PAGE_BYTES ?? 2000))

  const app = Fastify({ logger: false })
  await app.register(formbody)
  app.get('/usweb/login', async (_request, reply) =>
    reply.header('set-cookie', 'XSRF-TOKEN=floor; Path=/').type('text/html').send(page),
  )
  app.post<{ Body: { password?: string } }>(
    '/api/us-web-authentication/authenticate',
    async (request, reply) => {
      await oneStatement()
      if (!(await verify(hash, request.body.password ?? ''))) throw new Error('wrong password')
      reply.code(201).header('set-cookie', 'portal_session=floor; Path=/; HttpOnly')
      return { message: authMessages.success }
    },
  )
  app.post('/api/fidbond-api/account', async () => {
    await oneStatement()
    return { username: 'bclip_demo', customerNumber: '1000001', email: 'member@example.com' }
  })
  app.post('/api/customer-api/find', async () => {
    await oneStatement()
    return { verdict: 'allowed', customerNumber: '1000001' }
  })
  app.get('/api/mfa/getMFAUser', async () => {
    await oneStatement()
    return { statusCode: 'ALLOW_LOGIN', emailAddress: 'm*****@example.com' }
  })
  app.post('/api/portal/handoff', async () => {
    await oneStatement()
    return { url: 'http://127.0.0.1:8080/bclip/home' }
  })
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => pool.end())
      .finally(() => process.exit(0))
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const port = (app.server.address() as { port: number }).port
  // Its connections are the database's whose name the address gives (the bench's CPU rows).
  console.log(JSON.stringify({ port, database: new URL(url).pathname.slice(1) }))
}
