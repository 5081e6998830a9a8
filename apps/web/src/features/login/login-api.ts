// The login calls of spec §7, and what their answers mean for the login flow.
import * as z from 'zod/mini'
import {
  AccountSchema,
  AuthenticateResponseSchema,
  CustomerFindResponseSchema,
  CwMfaResponseSchema,
  IdentitySchema,
  authOutcomeOf,
  type CustomerFindRequest,
  type Flavour,
  type Program,
} from '@portal/contract'
import { apiClient, type CallResult } from '../../lib/api/api-client.ts'
import { mfaRequestHeaders } from '../../lib/visit/device.ts'
import { requestHandoff } from '../../lib/sign-in/handoff.ts'
import { readSession, writeSession } from '../../lib/visit/session.ts'
import type {
  AuthenticationResult,
  Credentials,
  CustomerCheck,
  LoginCalls,
  MfaDecision,
} from './login-flow.ts'

function readAuthentication(
  result: CallResult<{ message: string; temporaryPassword?: boolean }>,
): AuthenticationResult {
  // Spec §4: the authentication messages are "carried with status 201"; a 200 is not one.
  if (result.kind === 'answered' && result.status === 201) {
    return {
      kind: 'answered',
      outcome: authOutcomeOf(result.json.message),
      isTemporaryPassword: result.json.temporaryPassword === true,
    }
  }
  // 400: a field the service judged invalid; 429: too many sign-ins (issue 14), wait.
  if (result.kind === 'refused' && (result.status === 400 || result.status === 429)) {
    return { kind: 'rejected', message: result.message }
  }
  return { kind: 'failed' }
}

async function callAuthentication(
  path: string,
  form: Record<string, string>,
): Promise<AuthenticationResult> {
  return readAuthentication(await apiClient.postForm(path, form, AuthenticateResponseSchema))
}

/** usweb: POST /api/us-web-authentication/authenticate. */
export function authenticate(
  credentials: Credentials,
  velLevel1Org: string,
): Promise<AuthenticationResult> {
  return callAuthentication('/api/us-web-authentication/authenticate', {
    userName: credentials.userName,
    password: credentials.password,
    velLevel1Org,
  })
}

/** pl: POST /api/us-web-authentication/authenticateForPLWithValidations. */
export function authenticatePl(credentials: Credentials): Promise<AuthenticationResult> {
  return callAuthentication('/api/us-web-authentication/authenticateForPLWithValidations', {
    userName: credentials.userName,
    password: credentials.password,
  })
}

/**
 * Spec §4 steps 3-4 (usweb): the signed-in user's account, then their customer record as
 * seen from the login page's program. The service reads the program rules into `verdict`.
 */
export async function checkCustomer(
  userName: string,
  program: Program,
  level1Org: string,
): Promise<CustomerCheck> {
  const account = await apiClient.postJson(
    '/api/fidbond-api/account',
    { username: userName },
    AccountSchema,
  )
  if (account.kind === 'failed' && account.reason === 'transport') return { kind: 'failed' }
  if (account.kind !== 'answered') return { kind: 'lookupFailed' }
  const lookup: CustomerFindRequest = {
    // The program of the login page, so that a customer of another program that shares
    // its level1Org is told apart (spec §4: "a fidbond customer on dtcmyaccount, or an
    // augustar membership there, is rejected").
    clientPrefix: program.serviceCode,
    customerNumber: account.json.customerNumber,
    level1Org,
  }
  const found = await apiClient.postJson(
    '/api/customer-api/find',
    lookup,
    CustomerFindResponseSchema,
  )
  if (found.kind === 'failed' && found.reason === 'transport') return { kind: 'failed' }
  if (found.kind !== 'answered') return { kind: 'lookupFailed' }
  return { kind: 'checked', verdict: found.json.verdict, association: found.json.association }
}

/** pl: GET /api/us-web-authentication/getUser, the identity of spec §3. */
export async function loadIdentity(): Promise<boolean> {
  const result = await apiClient.get('/api/us-web-authentication/getUser', IdentitySchema)
  return result.kind === 'answered'
}

/**
 * Spec §4 step 5: usweb asks GET /api/mfa/getMFAUser, pl POST /api/mfa/authenticate (its
 * path is not in the spec). Both act on the session that passed the password step.
 */
export async function decideMfa(flavour: Flavour): Promise<MfaDecision> {
  const client = apiClient.withHeaders(mfaRequestHeaders(readSession().username))
  const result =
    flavour === 'pl'
      ? await client.postJson('/api/mfa/authenticate', {}, z.nullable(CwMfaResponseSchema))
      : await client.get('/api/mfa/getMFAUser', CwMfaResponseSchema)
  return result.kind === 'answered'
    ? { kind: 'answered', response: result.json }
    : { kind: 'failed' }
}

export const loginCalls: LoginCalls = {
  authenticate,
  authenticatePl,
  checkCustomer,
  loadIdentity,
  decideMfa,
  requestHandoff,
  rememberUsername: (username) => writeSession({ username }),
  rememberAssociation: (associationName) => writeSession({ associationName }),
  logInfo: (reason) => console.info(reason),
}
