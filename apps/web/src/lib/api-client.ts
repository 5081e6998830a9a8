// The portal's only `fetch`. Every call to the login service goes through here so that the
// anti-forgery header, credentials mode and response handling are decided once (spec §7).
//
// Request bodies are never logged or attached to errors: they carry passwords.
import { env } from '../config/env.ts'

/** Any schema with zod's `safeParse` (kept structural so this file does not depend on zod). */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false }
}

/**
 * Spec §3 "Wrapper with headers, json, status". `json` is the validated body for 2xx answers
 * when a schema is given, otherwise whatever JSON the service sent (`undefined` if none).
 */
export type ApiResponse<T> =
  | { ok: true; status: number; headers: Headers; json: T }
  | { ok: false; status: number; headers: Headers; json: unknown }

/** The request never got an answer: offline, DNS, connection reset, CORS, aborted. */
export class TransportError extends Error {
  override readonly name = 'TransportError'
  constructor(options?: ErrorOptions) {
    super('The login service could not be reached', options)
  }
}

/** A 2xx answer whose body does not have the shape the contract promises. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError'
  constructor(
    readonly status: number,
    readonly path: string,
  ) {
    super(`Unexpected response body (status ${status}) from ${path}`)
  }
}

type Body = { form: Record<string, string> } | { json: unknown } | undefined

let lastFailureReference: string | undefined

/**
 * The reference of the latest call the service failed (5xx `reference`): the start of the
 * request id in its logs, which the technical-difficulties banner shows for the support desk.
 */
export function failureReference(): string | undefined {
  return lastFailureReference
}

function referenceOf(json: unknown): string | undefined {
  const reference = (json as { reference?: unknown } | undefined)?.reference
  return typeof reference === 'string' && /^[\w.:-]{1,16}$/.test(reference) ? reference : undefined
}

interface RequestOptions<T> {
  body?: Body
  schema?: ResponseSchema<T>
  signal?: AbortSignal
  /** Extra headers a call carries (the MFA calls' of spec §7); they cannot replace ours. */
  headers?: Record<string, string>
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='))
      } catch {
        return rest.join('=')
      }
    }
  }
  return null
}

function isSameOrigin(url: URL): boolean {
  return url.origin === window.location.origin
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? ''
  if (!/[/+]json\b/i.test(type)) return undefined
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  { body, schema, signal, headers: extraHeaders }: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  const url = new URL(`${env.apiBaseUrl}${path}`, window.location.origin)
  const headers = new Headers(extraHeaders)
  headers.set('Accept', 'application/json')
  let payload: BodyInit | undefined
  if (body && 'form' in body) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded')
    payload = new URLSearchParams(body.form)
  } else if (body && 'json' in body) {
    headers.set('Content-Type', 'application/json')
    payload = JSON.stringify(body.json)
  }
  // SECURITY: the anti-forgery token goes only to our own origin, and only on requests that
  // change something; the service rejects non-GET requests without it.
  if (method !== 'GET' && isSameOrigin(url)) {
    const token = readCookie('XSRF-TOKEN')
    if (token) headers.set('X-XSRF-TOKEN', token)
  }

  lastFailureReference = undefined
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal,
    })
  } catch (cause) {
    throw new TransportError({ cause })
  }

  const json = await readJson(response)
  if (response.status >= 500) lastFailureReference = referenceOf(json)
  if (!response.ok) return { ok: false, status: response.status, headers: response.headers, json }
  if (!schema) {
    // Without a schema the caller has said it does not read the body as T.
    return { ok: true, status: response.status, headers: response.headers, json: json as T }
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new UnexpectedResponseError(response.status, path)
  return { ok: true, status: response.status, headers: response.headers, json: parsed.data }
}

export const apiClient = {
  get<T>(path: string, schema?: ResponseSchema<T>, signal?: AbortSignal) {
    return request<T>('GET', path, { schema, signal })
  },
  /** `application/x-www-form-urlencoded`, as the authentication calls of spec §7 expect. */
  postForm<T>(path: string, form: Record<string, string>, schema?: ResponseSchema<T>) {
    return request<T>('POST', path, { body: { form }, schema })
  },
  postJson<T>(path: string, json: unknown, schema?: ResponseSchema<T>) {
    return request<T>('POST', path, { body: { json }, schema })
  },
  /** A POST without a body (the call's meaning is all in its path and session). */
  post<T>(path: string, schema?: ResponseSchema<T>) {
    return request<T>('POST', path, { schema })
  },
  /** The same calls, each carrying `headers` as well. */
  withHeaders(headers: Record<string, string>) {
    return {
      get<T>(path: string, schema?: ResponseSchema<T>, signal?: AbortSignal) {
        return request<T>('GET', path, { schema, signal, headers })
      },
      postJson<T>(path: string, json: unknown, schema?: ResponseSchema<T>) {
        return request<T>('POST', path, { body: { json }, schema, headers })
      },
    }
  },
}
