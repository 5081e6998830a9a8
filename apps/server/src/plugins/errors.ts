// One error handler: 4xx messages pass through (they are ours and meant for the user),
// anything else is logged and answered with a plain message. Never a stack trace.
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
// $ZodError: what both full zod and the contract's zod/mini schemas throw from parse().
import { $ZodError } from 'zod/v4/core'
import {
  flavours,
  messageKeyOfIssue,
  serviceText,
  type MessageKey,
  type ServiceText,
} from '@portal/contract'
import type { FastifyRequest } from 'fastify'
import { shortReference } from '../lib/request-context.ts'
import { canonicalPageUrl } from './page-addresses.ts'
import { unavailableDependency, type Dependency } from '../lib/unavailable.ts'
import { MessageRefused, type MessageRefusalReason } from '../delivery/message-caps.ts'

/** A refusal of the service: its message by key, its English from the catalogue (spec §7). */
export class HttpError extends Error {
  /** The message's key, answered beside its English (`messageKey`). */
  readonly messageKey: string
  constructor(
    readonly statusCode: number,
    text: MessageKey | ServiceText,
    /** 429 and 503: when to try again (the Retry-After header, and a field of the answer). */
    readonly retryAfterSeconds?: number,
  ) {
    const { key, english } = typeof text === 'string' ? serviceText(text) : text
    super(english)
    this.messageKey = key
  }
}

/** The answer's message and its key. */
function answerOf(text: ServiceText) {
  return { message: text.english, messageKey: text.key }
}

/** A refused field: its message, and the message's key where its rule gave one (`said`). */
interface RefusedField {
  field: string
  message: string
  messageKey?: string | undefined
}

/** A refused input's answer: the first field's message, and its key; each field's message. */
function inputAnswerOf(refused: RefusedField[]) {
  const fields = refused.map(({ field, message }) => ({ field, message }))
  const first = refused[0]
  if (first === undefined) return { ...answerOf(serviceText('service.invalidInput')), fields }
  const { message, messageKey } = first
  return messageKey ? { message, messageKey, fields } : { message, fields }
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
}

/** A message the sending limits refuse (delivery/message-caps.ts), as the route answers it. */
const refusalStatus: Record<MessageRefusalReason, number> = {
  'sms-destination': 400,
  'recipient-day': 429,
  'sms-day': 503,
}

/** When to try again after a dependency outage that names no time of its own. */
const outageRetryAfterSeconds = 5

const plArea = `/${flavours.pl.area}/`
const plAppNames = new Set([flavours.pl.appName, flavours.pl.recoveryAppName])

/**
 * Spec §8: a failed call shows the flavour's text, technical difficulties (usweb) or
 * 'Something went wrong, please try after sometime.' (pl). A call is pl's when its page is
 * (the address or the Referer under /proliability/), or its body names pl's appName.
 */
export function failureMessageFor(request: FastifyRequest): ServiceText {
  const body = request.body as { appName?: unknown } | undefined
  const appName = typeof body?.appName === 'string' ? body.appName.toUpperCase() : ''
  let referer = ''
  try {
    referer = request.headers.referer ? new URL(request.headers.referer).pathname : ''
  } catch {
    // not an address: no hint
  }
  const isPl =
    request.url.toLowerCase().startsWith(plArea) ||
    request.url.includes('/authenticateForPL') ||
    referer.toLowerCase().startsWith(plArea) ||
    [...plAppNames].some((name) => name.toUpperCase() === appName)
  return serviceText(`login.${(isPl ? flavours.pl : flavours.usweb).failureText}`)
}

interface ErrorsOptions {
  /** Told of each request answered 503 because a dependency is away or exhausted (metrics). */
  onDependencyError?: (dependency: Dependency) => void
}

async function errorsPlugin(app: FastifyInstance, options: ErrorsOptions) {
  app.setErrorHandler(
    (thrown: FastifyError | $ZodError | HttpError | MessageRefused, request, reply) => {
      const error =
        thrown instanceof MessageRefused
          ? new HttpError(refusalStatus[thrown.reason], thrown.messageKey, thrown.retryAfterSeconds)
          : thrown
      // A dependency away, too slow or exhausted (a refused or dropped database connection, a
      // pool timeout, Redis, the hashing queue full): 503 with Retry-After and the flavour's
      // failure text, counted per dependency; never the 500 of a bug.
      const isClientError = 'statusCode' in error && Number(error.statusCode) < 500
      const dependency = isClientError ? undefined : unavailableDependency(error)
      if (dependency) {
        options.onDependencyError?.(dependency)
        const retryAfterSeconds =
          'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number'
            ? error.retryAfterSeconds
            : outageRetryAfterSeconds
        request.log.warn({ err: error, dependency }, 'dependency unavailable')
        reply.header('retry-after', String(retryAfterSeconds))
        return reply.code(503).send({
          error: 'Service Unavailable',
          ...answerOf(failureMessageFor(request)),
          retryAfterSeconds,
          reference: shortReference(request.id),
        })
      }
      if (error instanceof $ZodError) {
        const fields = error.issues.map((issue) => ({
          field: issue.path.join('.'),
          message: issue.message,
          messageKey: messageKeyOfIssue(issue),
        }))
        return reply.code(400).send({ error: 'Bad Request', ...inputAnswerOf(fields) })
      }
      // A request refused by its route's declared schema: each field with the contract's message.
      if ('validation' in error && Array.isArray(error.validation)) {
        const fields = error.validation.map((issue) => {
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
          // A field the call does not take is named, not hidden behind its parent's path.
          const keys = (issue.params as { keys?: unknown }).keys
          const extra = Array.isArray(keys) ? keys.join(', ') : ''
          return {
            field: [path, extra].filter(Boolean).join('.'),
            message: issue.message ?? 'Invalid value.',
            // The zod issue's own keys, as the type provider hands them on.
            messageKey: messageKeyOfIssue(issue.params),
          }
        })
        return reply.code(400).send({ error: 'Bad Request', ...inputAnswerOf(fields) })
      }
      const fields =
        'fields' in error && Array.isArray(error.fields) ? { fields: error.fields } : {}
      const status = error.statusCode ?? 500
      // Fastify's own refusals (a body too large, not JSON) carry its English only.
      const text = error instanceof HttpError ? { messageKey: error.messageKey } : {}
      if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds))
        return reply.code(status).send({
          error: reasons[status] ?? 'Bad Request',
          message: error.message,
          ...text,
          retryAfterSeconds: error.retryAfterSeconds,
        })
      }
      if (status >= 400 && status < 500) {
        return reply.code(status).send({
          error: reasons[status] ?? 'Bad Request',
          message: error.message,
          ...text,
          ...fields,
        })
      }
      request.log.error({ err: error }, 'request failed')
      // The reference is the start of the request id: what the support desk searches for.
      return reply.code(status >= 500 && status < 600 ? status : 500).send({
        error: 'Internal Server Error',
        ...answerOf(serviceText('service.couldNotComplete')),
        reference: shortReference(request.id),
      })
    },
  )
  app.setNotFoundHandler((request, reply) => {
    // A page of the portal asked for in another case (`/USWEB/login`): its canonical address.
    const canonical =
      request.method === 'GET' || request.method === 'HEAD' ? canonicalPageUrl(request.url) : ''
    if (canonical) return reply.redirect(canonical, 308)
    return reply
      .code(404)
      .send({ error: 'Not Found', ...answerOf(serviceText('service.nothingHere')) })
  })
}

export default fp(errorsPlugin, { name: 'errors' })
