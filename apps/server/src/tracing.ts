// OpenTelemetry traces (issue 41), off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. When on, a
// request is a span (plugins/tracing.ts) that continues the caller's W3C `traceparent`, or
// starts a trace when there is none; a password hash is a span below it, and so is every
// PostgreSQL statement (@opentelemetry/instrumentation-pg). Spans go to the collector by OTLP
// over HTTP (`<endpoint>/v1/traces`), in batches, off the request path.
//
// Off, none of it is loaded (the SDK is imported only when tracing starts), the plugin is not
// registered and `traced` calls its task directly.
import { createRequire } from 'node:module'
import { hostname } from 'node:os'
import { context, propagation, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api'
import type { PgInstrumentation } from '@opentelemetry/instrumentation-pg'
import type { SpanExporter, TracerProvider } from '@opentelemetry/sdk-trace'

/** The instrumentation scope of the portal's own spans. */
export const tracerName = 'program-portal'

interface Tracing {
  provider: TracerProvider
  instrumentation: PgInstrumentation
}
let active: Tracing | undefined

/** True once startTracing has run (and until stopTracing): buildApp then adds the request spans. */
export const isTracing = (): boolean => active !== undefined

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL (`/v1/traces` is appended). */
  endpoint?: string | undefined
  /** Tests: spans go here, one by one, instead of to a collector. */
  exporter?: SpanExporter
  service: { name: string; version: string; environment: string }
}

/**
 * Starts tracing for this process when an endpoint (or, in tests, an exporter) is given;
 * resolves to whether it did. Call it before buildApp.
 */
export async function startTracing(options: TracingOptions): Promise<boolean> {
  if (active) throw new Error('tracing is already started')
  if (!options.endpoint && !options.exporter) return false
  const [{ AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, otlp, pgTracing] =
    await Promise.all([
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation-pg'),
    ])
  const [{ resourceFromAttributes }, sdk] = await Promise.all([
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
  ])
  const { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider } = sdk
  const processor = options.exporter
    ? new SimpleSpanProcessor({ exporter: options.exporter })
    : new BatchSpanProcessor({
        exporter: new otlp.OTLPTraceExporter({
          url: `${options.endpoint?.replace(/\/+$/, '')}/v1/traces`,
        }),
      })
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.service.name,
      'service.version': options.service.version,
      'service.instance.id': `${hostname()}:${process.pid}`,
      'deployment.environment.name': options.service.environment,
    }),
    spanProcessors: [processor],
  })
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  trace.setGlobalTracerProvider(provider)
  // Statements only inside a request's trace (not the outbox worker's polls), with their SQL
  // text as sent: parameters ($1, $2) stay out of the span (enhancedDatabaseReporting off).
  const instrumentation = new pgTracing.PgInstrumentation({
    requireParentSpan: true,
    enhancedDatabaseReporting: false,
    ignoreConnectSpans: true,
  })
  instrumentation.setTracerProvider(provider)
  // The bundle's imports (pg among them) are evaluated before any of its code runs, so pg is
  // loaded by now: requiring it again lets the instrumentation's require hook patch it.
  createRequire(import.meta.url)('pg')
  active = { provider, instrumentation }
  return true
}

/** Sends what is buffered and stops (shutdown, and the end of a test). */
export async function stopTracing(): Promise<void> {
  const stopping = active
  if (!stopping) return
  active = undefined
  stopping.instrumentation.disable()
  await stopping.provider.shutdown()
  trace.disable()
  propagation.disable()
  context.disable()
}

/**
 * Runs `task` in a span of its own below the current one (the request's); with tracing off,
 * just runs it. The attributes must never hold a secret (a password, a code, a cookie).
 */
export function traced<T>(
  name: string,
  attributes: Attributes,
  task: () => Promise<T>,
): Promise<T> {
  if (!active) return task()
  return trace.getTracer(tracerName).startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await task()
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).name })
      throw error
    } finally {
      span.end()
    }
  })
}
