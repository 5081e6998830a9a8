// The registration calls of spec §7, through the api client.
import {
  CreateUserResponseSchema,
  ExistingAccountResponseSchema,
  RegistrationLookupResponseSchema,
  type CreateUserRequest,
  type CreateUserResponse,
} from '@portal/contract'
import { apiClient, type CallResult } from '../../lib/api/api-client.ts'
import type { RegistrationCalls } from './registration-flow.ts'

/** POST /api/us-web-authentication/createuser */
export function createUser(request: CreateUserRequest): Promise<CallResult<CreateUserResponse>> {
  return apiClient.postJson(
    '/api/us-web-authentication/createuser',
    request,
    CreateUserResponseSchema,
  )
}

export const registrationCalls: RegistrationCalls = {
  /** POST /api/customer-api/find, registration variant (it carries `email`). */
  lookUp: (query) =>
    apiClient.postJson('/api/customer-api/find', query, RegistrationLookupResponseSchema),
  /** POST /api/us-web-authentication/finduserbymembercode */
  checkExistingAccount: (check) =>
    apiClient.postJson(
      '/api/us-web-authentication/finduserbymembercode',
      check,
      ExistingAccountResponseSchema,
    ),
  logInfo: (reason) => console.info(reason),
}
