// A JSON call's answer reduced to what the registration and recovery screens decide on:
// the body the contract promises, an error status with the service's message, or nothing
// usable. Whatever the call, the screen never sees an exception for an ordinary failure.
import { ErrorResponseSchema } from '@portal/contract'
import {
  TransportError,
  UnexpectedResponseError,
  apiClient,
  type ResponseSchema,
} from './api-client.ts'

export type CallResult<T> =
  /** A 2xx answer with the body the contract promises. */
  | { kind: 'answered'; json: T }
  /** A 4xx/5xx answer; `message` is the service's own text when it sent one. */
  | { kind: 'refused'; status: number; message: string | null }
  /** No answer, or a 2xx answer whose body is not what the contract promises. */
  | { kind: 'failed' }

/** POST a JSON body through the api client (which adds the anti-forgery header). */
export async function postJsonCall<T>(
  path: string,
  body: unknown,
  schema: ResponseSchema<T>,
): Promise<CallResult<T>> {
  try {
    const response = await apiClient.postJson(path, body, schema)
    if (response.ok) return { kind: 'answered', json: response.json }
    const problem = ErrorResponseSchema.safeParse(response.json)
    return {
      kind: 'refused',
      status: response.status,
      message: problem.success ? problem.data.message : null,
    }
  } catch (error) {
    if (error instanceof TransportError || error instanceof UnexpectedResponseError) {
      return { kind: 'failed' }
    }
    throw error
  }
}

/**
 * The service's message for answers that carry one meant for the user: 429 (too many
 * attempts; wait) and 400 (a field the service judged invalid). Null for anything else.
 */
export function userMessageOf(result: CallResult<unknown>): string | null {
  if (result.kind !== 'refused') return null
  return result.status === 429 || result.status === 400 ? result.message : null
}
