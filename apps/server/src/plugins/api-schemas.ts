// Every route declares its request and response schemas (zod, from the contract): requests
// are validated at the edge with the contract's field messages, answers are encoded through
// their schema (so nothing undeclared leaves the service), and the same declarations make
// the OpenAPI document served at GET /api/openapi.json.
import swagger from '@fastify/swagger'
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import fp from 'fastify-plugin'
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { apiDocument, ErrorResponseSchema, messages } from '@portal/contract'
import type { $ZodType } from 'zod/v4/core'
import { HttpError } from './errors.ts'

export interface RegisteredRoute {
  method: string
  url: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (HEAD twins of GET routes left out), for the route-table test. */
    registeredRoutes: RegisteredRoute[]
  }
}

/** The instance with the zod type provider, for route modules. */
export const withSchemas = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>()

/** C0 control characters and DEL: no field of this API has a use for them. */
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f]/

/** How deep a request body may nest. The deepest §3 model is two levels; 32 is generous. */
export const maxBodyDepth = 32

type BodyCheck = { kind: 'controlCharacter'; path: string[] } | { kind: 'tooDeep' } | undefined

/** A value waiting to be looked at: its key and parent give its path, built only if refused. */
interface Pending {
  value: unknown
  key: string
  parent: Pending | undefined
  depth: number
}

const pathOf = (entry: Pending | undefined): string[] => {
  const path: string[] = []
  for (let at = entry; at?.parent; at = at.parent) path.push(at.key)
  return path.reverse()
}

/**
 * SECURITY: one iterative walk with a depth cap. A recursive walk of a body nested thousands
 * of levels deep (within the size limit) overflowed the stack and answered 500. Nothing is
 * allocated for a field but its place on the stack (issue 45: the paths were built for every
 * field of every body, and are needed only for the one refused).
 */
function checkBody(data: unknown): BodyCheck {
  if (typeof data === 'string') {
    return controlCharacter.test(data) ? { kind: 'controlCharacter', path: [] } : undefined
  }
  if (!data || typeof data !== 'object') return undefined
  const pending: Pending[] = [{ value: data, key: '', parent: undefined, depth: 0 }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value } = next
    if (typeof value === 'string') {
      if (controlCharacter.test(value)) return { kind: 'controlCharacter', path: pathOf(next) }
    } else if (value && typeof value === 'object') {
      if (next.depth >= maxBodyDepth) return { kind: 'tooDeep' }
      const fields = value as Record<string, unknown>
      const keys = Object.keys(fields)
      // Reversed onto the stack so the first field is looked at first.
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] as string
        const item = fields[key]
        if (typeof item === 'string' || (item && typeof item === 'object')) {
          pending.push({ value: item, key, parent: next, depth: next.depth + 1 })
        }
      }
    }
  }
  return undefined
}

export const unsupportedMediaType = messages.service.unsupportedMediaType

export const controlCharacterMessage = messages.service.controlCharacters

/**
 * SECURITY: NUL and other control characters are refused before any schema or handler sees
 * them (PostgreSQL cannot store NUL in text, and log lines must stay one line each).
 */
const validator: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = validatorCompiler(route)
  return (data: unknown) => {
    const found = checkBody(data)
    if (found?.kind === 'tooDeep') {
      return { error: new HttpError(400, 'login.somethingWentWrong') }
    }
    if (found?.kind === 'controlCharacter') {
      return {
        error: Object.assign(new HttpError(400, 'service.controlCharacters'), {
          fields: [{ field: found.path.join('.'), message: controlCharacterMessage }],
        }),
      }
    }
    return validate(data)
  }
}

async function apiSchemasPlugin(app: FastifyInstance) {
  app.setValidatorCompiler(validator)
  app.setSerializerCompiler(serializerCompiler)

  const routes: RegisteredRoute[] = []
  app.decorate('registeredRoutes', routes)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    // Fastify adds a HEAD twin to every GET route (exposeHeadRoutes); the service declares
    // no HEAD route of its own.
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url })
    // SECURITY (ASVS 3.5.2): a call takes only the media types it declares; JSON calls refuse
    // HTML forms, which a foreign page can post without a CORS preflight.
    const schema = route.schema as { body?: unknown; consumes?: string[] } | undefined
    if (schema?.body) {
      const accepted = schema.consumes ?? ['application/json']
      const previous = route.preValidation
      const check = async (request: FastifyRequest) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
        if (type && !accepted.includes(type))
          throw new HttpError(415, 'service.unsupportedMediaType')
      }
      route.preValidation = [
        ...(Array.isArray(previous) ? previous : previous ? [previous] : []),
        check,
      ] as typeof route.preValidation
    }
  })

  await app.register(swagger, {
    openapi: apiDocument,
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
    // Only the API is documented: the page shell, health checks and demo pages are not calls.
    hideUntagged: true,
  })

  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger())
}

export default fp(apiSchemasPlugin, { name: 'api-schemas' })

/** The refusals a route declares besides its answer: each one a short message (never a trace). */
export function refusals(...codes: number[]) {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponseSchema]))
}

/** Every call that changes something: bad input (400) or a missing anti-forgery token (403). */
export const changeRefusals = refusals(400, 403)

/** Calls of spec §7 sent as HTML forms. */
export const formBody = ['application/x-www-form-urlencoded', 'application/json']
