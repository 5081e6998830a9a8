// The service's log: what is never logged, the identity on every record, and one line per
// request (not Fastify's two), probes left out.
import { hostname } from 'node:os'
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import type { Config } from '../config.ts'
import { serializedError } from '../lib/logged-errors.ts'
import { routeOptionsOf } from './route-options.ts'

// Never logged: whatever a log line carries under these names is replaced.
const redact = [
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.j_password',
  '*.userPassword',
  '*.verificationCode',
  '*.handoffSecret',
]

const probePaths = new Set(['/healthz', '/readyz'])
const isProbe = (request: FastifyRequest) => probePaths.has(routeOptionsOf(request).url ?? '')

/** On every log record: which service wrote it, which build, in which environment. */
export const logIdentity = (config: Pick<Config, 'build' | 'env'>) => ({
  service: 'program-portal',
  version: config.build.version,
  env: config.env,
})

/** Fastify's logger option: none when silent, else pino with the identity and redaction. */
export const loggerOf = (config: Config, logStream?: NodeJS.WritableStream) =>
  config.logLevel === 'silent'
    ? false
    : {
        level: config.logLevel,
        // pino's own base (pid, hostname) kept, the identity added.
        base: { pid: process.pid, hostname: hostname(), ...logIdentity(config) },
        redact,
        serializers: { err: serializedError },
        ...(logStream ? { stream: logStream } : {}),
      }

/**
 * One log line per request, when it is answered, with the request in it (not Fastify's two).
 * The line holds only what the req and res serializers pick (method, url, host, addresses,
 * status), which no redaction path names, so it is written without the redaction pass that
 * cost more than the rest of the line; everything else logged keeps it.
 */
export class OneLinePerRequest extends LogController {
  lines: FastifyBaseLogger | undefined
  override incomingRequest(): void {}
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      )
      return
    }
    // An orchestrator probes every few seconds: a line each would bury the members' requests.
    if (isProbe(request)) return
    const line = { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }
    ;(this.lines ?? reply.log).info(line, 'request completed')
  }
}
