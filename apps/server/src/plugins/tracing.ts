// A span per request (registered by buildApp only when tracing is on, src/tracing.ts). It
// continues the trace the caller names in `traceparent` (the ingress, or a browser), or starts
// one; everything the request does runs inside it, so the password hash and each PostgreSQL
// statement become its children. Attributes: method, route (its pattern, never the query
// string), status, the request id and the instance: never a header's or a body's value.
import { randomUUID } from 'node:crypto'
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
} from '@opentelemetry/api'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { tracerName } from '../tracing.ts'
import { routeOptionsOf } from './route-options.ts'

const spans = new WeakMap<FastifyRequest, Span>()

async function requestTracing(app: FastifyInstance) {
  const tracer = trace.getTracer(tracerName)
  // One per app: tells instances apart in a trace, even two in one process (the tests').
  const instanceId = randomUUID()
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(context.active(), request.headers)
    const route = routeOptionsOf(request).url
    const span = tracer.startSpan(
      `${request.method} ${route ?? '(no route)'}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          ...(route ? { 'http.route': route } : {}),
          'portal.request_id': request.id,
          'portal.instance.id': instanceId,
        },
      },
      parent,
    )
    spans.set(request, span)
    context.with(trace.setSpan(parent, span), done)
  })
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request)
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode)
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
      span.end()
    }
    done()
  })
  app.addHook('onRequestAbort', (request, done) => {
    const span = spans.get(request)
    span?.setStatus({ code: SpanStatusCode.ERROR, message: 'aborted by the client' })
    span?.end()
    done()
  })
}

export default fp(requestTracing, { name: 'request-tracing' })
