// The portal's only `fetch`. Every call to the login service goes through here so that the
// anti-forgery header, credentials mode and response handling are decided once (spec §7).
//
// Request bodies are never logged or attached to errors: they carry passwords.
import type { ErrorResponse } from '@portal/contract'
import { env } from '../../config/env.ts'
import { serviceAnswerText } from '../../i18n/texts.ts'
import { noteFailureReference } from './failure-reference.ts'

/** Any schema with zod's `safeParse` (kept structural so this file does not depend on zod). */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false }
}

/**
 * Spec §3 "Wrapper with headers, json, status", as a result rather than an exception: every
 * caller decides on one of three kinds, and no ordinary failure reaches it as a throw.
 */
export type CallResult<T> =
  /** A 2xx answer with the body the contract promises (whatever JSON came, without a schema). */
  | { kind: 'answered'; status: number; json: T }
  /**
   * A 4xx/5xx answer; `message` is the service's own text when it sent one, in the page's
   * language by its key (the service answers English, spec §7).
   */
  | { kind: 'refused'; status: number; message: string | null }
  /** No answer (`transport`: offline, DNS, reset, aborted), or a 2xx body the contract does not promise. */
  | { kind: 'failed'; reason: 'transport' | 'unexpected' }

/**
 * The `message` of the service's error answers ({ error, message, messageKey }), when there is
 * one, in the active language by its key.
 */
function messageOf(json: unknown): string | null {
  // Read by shape, as the reference is: every page calls through here (the header's phone),
  // and the schema library loads only with the screens and calls that judge with it.
  const answer = json as
    (Partial<ErrorResponse> & { retryAfterSeconds?: unknown }) | null | undefined
  const message = answer?.message
  if (typeof message !== 'string') return null
  const messageKey = typeof answer?.messageKey === 'string' ? answer.messageKey : undefined
  const seconds = answer?.retryAfterSeconds
  const retryAfterSeconds = typeof seconds === 'number' ? seconds : undefined
  return serviceAnswerText({ message, messageKey, retryAfterSeconds })
}

/**
 * The service's message for answers that carry one meant for the user: 429 (too many
 * attempts; wait) and 400 (a field the service judged invalid). Null for anything else.
 */
export function userMessageOf(result: CallResult<unknown>): string | null {
  if (result.kind !== 'refused') return null
  return result.status === 429 || result.status === 400 ? result.message : null
}

type Body = { form: Record<string, string> } | { json: unknown } | undefined

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
): Promise<CallResult<T>> {
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

  noteFailureReference(undefined)
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal,
    })
  } catch {
    return { kind: 'failed', reason: 'transport' }
  }

  const json = await readJson(response)
  const { status } = response
  if (status >= 500) noteFailureReference(referenceOf(json))
  if (!response.ok) return { kind: 'refused', status, message: messageOf(json) }
  // Without a schema the caller has said it does not read the body as T.
  if (!schema) return { kind: 'answered', status, json: json as T }
  const parsed = schema.safeParse(json)
  if (!parsed.success) return { kind: 'failed', reason: 'unexpected' }
  return { kind: 'answered', status, json: parsed.data }
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
