// Demo mode only: a readable API reference, rendered here from the OpenAPI document the
// service serves (no script, no CDN; the page obeys the service's content-security policy).
import type { FastifyInstance } from 'fastify'
import { extensionMark } from '@portal/contract'
import { escapeHtml } from '../lib/html.ts'
import { demoPage } from './demo-page.ts'

type Json = Record<string, unknown>

const css = `body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f9;color:#1b2430}
main{max-width:60rem;margin:2rem auto;padding:0 1rem}h1{font-size:1.6rem}h2{margin-top:2.5rem;border-bottom:2px solid #c9d1dc}
section.op{background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002;padding:1rem 1.25rem;margin:1rem 0}
h3{font-size:1.05rem;margin:0 0 .25rem;font-family:ui-monospace,monospace;word-break:break-all}
.method{display:inline-block;min-width:3.5rem;font-weight:700}.ext{background:#6b3fa0;color:#fff;border-radius:4px;padding:0 .4rem;font-size:.8rem;margin-left:.5rem}
table{border-collapse:collapse;width:100%;margin:.4rem 0}th,td{text-align:left;border-top:1px solid #e1e6ed;padding:.25rem .5rem;vertical-align:top}
code{font-family:ui-monospace,monospace;font-size:.9em}.note{color:#4a5563}dt{font-weight:600}dd{margin:0 0 .5rem}`

/** The components a document refers to ($ref), resolved one step. */
function resolve(doc: Json, schema: unknown): Json {
  const ref = (schema as Json | undefined)?.$ref
  if (typeof ref !== 'string') return (schema as Json | undefined) ?? {}
  const name = ref.replace('#/components/schemas/', '')
  return ((doc.components as Json | undefined)?.schemas as Json | undefined)?.[name] as Json
}

function typeOf(doc: Json, raw: unknown): string {
  const schema = resolve(doc, raw)
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key]
    if (Array.isArray(options)) return options.map((o) => typeOf(doc, o)).join(' | ')
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any')
  if (type === 'array') return `${typeOf(doc, schema.items)}[]`
  return type
}

function constraintsOf(schema: Json): string {
  const parts: string[] = []
  if (typeof schema.minLength === 'number') parts.push(`min ${schema.minLength}`)
  if (typeof schema.maxLength === 'number') parts.push(`max ${schema.maxLength}`)
  if (typeof schema.pattern === 'string') parts.push(`pattern ${schema.pattern}`)
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`)
  if (schema[extensionMark]) parts.push(`service extension: ${String(schema.description ?? '')}`)
  return parts.join('; ')
}

function fieldsTable(doc: Json, raw: unknown, closedNote = 'Other fields are refused.'): string {
  const schema = resolve(doc, raw)
  const options = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  if (Array.isArray(options)) {
    return options
      .map((o, i) => `<p class="note">Variant ${i + 1}</p>${fieldsTable(doc, o, closedNote)}`)
      .join('')
  }
  const properties = schema.properties as Record<string, Json> | undefined
  if (!properties) return `<p class="note">${escapeHtml(typeOf(doc, schema))}</p>`
  const required = new Set((schema.required as string[] | undefined) ?? [])
  const rows = Object.entries(properties).map(
    ([name, field]) =>
      `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? '' : ' (optional)'}</td><td><code>${escapeHtml(typeOf(doc, field))}</code></td><td>${escapeHtml(constraintsOf(resolve(doc, field)))}</td></tr>`,
  )
  const closed = schema.additionalProperties === false ? closedNote : ''
  return `<table><tr><th>Field</th><th>Type</th><th>Rules</th></tr>${rows.join('')}</table>${closed ? `<p class="note">${closed}</p>` : ''}`
}

function operationHtml(doc: Json, method: string, path: string, op: Json): string {
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined
  const bodyTypes = body ? Object.keys(body) : []
  const firstBody = bodyTypes[0] ? body?.[bodyTypes[0]]?.schema : undefined
  const responses = Object.entries((op.responses as Record<string, Json> | undefined) ?? {}).map(
    ([status, answer]) => {
      const schema = (answer.content as Record<string, Json> | undefined)?.['application/json']
      const ref = (schema?.schema as Json | undefined)?.$ref
      // The shared problem answer is named, not repeated under every status.
      const named =
        typeof ref === 'string' &&
        `<code>${escapeHtml(ref.split('/').pop() ?? '')}</code>: ${Object.keys(
          (resolve(doc, schema?.schema).properties as Json | undefined) ?? {},
        )
          .map(escapeHtml)
          .join(', ')}`
      const shown =
        named || (schema ? fieldsTable(doc, schema.schema, 'Nothing else is sent.') : 'No content')
      return `<dt>${escapeHtml(status)}</dt><dd>${shown}</dd>`
    },
  )
  const headers = ((op.parameters as Json[] | undefined) ?? [])
    .map((p) => `<code>${escapeHtml(String(p.name))}</code> (${escapeHtml(String(p.in))})`)
    .join(', ')
  return `<section class="op" id="${escapeHtml(String(op.operationId ?? ''))}">
<h3><span class="method">${method.toUpperCase()}</span> ${escapeHtml(path)}${op[extensionMark] ? '<span class="ext">service extension</span>' : ''}</h3>
<p>${escapeHtml(String(op.summary ?? ''))}</p>
${headers ? `<p class="note">Parameters: ${headers}</p>` : ''}
${firstBody ? `<p><strong>Request</strong> (${bodyTypes.map(escapeHtml).join(' or ')})</p>${fieldsTable(doc, firstBody)}` : ''}
<p><strong>Answers</strong></p><dl>${responses.join('')}</dl></section>`
}

export function renderApiReference(doc: Json): string {
  const info = doc.info as Json
  const tags = ((doc.tags as Json[] | undefined) ?? []).map((t) => String(t.name))
  const operations = Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(
    ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  )
  const sections = tags.map((tag) => {
    const ops = operations.filter(({ op }) => (op.tags as string[] | undefined)?.includes(tag))
    return `<h2>${escapeHtml(tag)}</h2>${ops.map(({ method, path, op }) => operationHtml(doc, method, path, op)).join('')}`
  })
  const fallbacks = Object.entries((doc['x-portal-extension-fallbacks'] as Json) ?? {})
    .map(([name, text]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(String(text))}</dd>`)
    .join('')
  return demoPage({
    title: `API reference – ${String(info.title)}`,
    stylesheet: '/api/reference.css',
    body: `
<h1>${escapeHtml(String(info.title))} <small>${escapeHtml(String(info.version))}</small></h1>
<p>${escapeHtml(String(info.description ?? ''))}</p>
<p>The document itself: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(String(doc.openapi))}). ${operations.length} operations.</p>
<h2>Without this service's extensions</h2><dl>${fallbacks}</dl>
${sections.join('\n')}
`,
  })
}

export async function apiReferenceRoutes(app: FastifyInstance) {
  let page: string | undefined
  app.get('/api/reference', (_request, reply) => {
    page ??= renderApiReference(app.swagger() as unknown as Json)
    return reply.type('text/html; charset=utf-8').send(page)
  })
  app.get('/api/reference.css', (_request, reply) => reply.type('text/css').send(css))
}
