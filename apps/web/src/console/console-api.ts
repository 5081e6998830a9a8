// The support console's calls (issue 15). They go through the portal's one HTTP client, so
// the anti-forgery header is added the same way; the console's session cookie is the
// service's business (HttpOnly, scoped to /api/console).
import {
  consoleApiBase,
  type ConsoleSearchResult,
  type ConsoleStaff,
  type IncidentSummary,
  type IncidentView,
  type MemberView,
  type StaffListItem,
  type StaffRoleName,
} from '@portal/contract/console'
import { apiClient, type CallResult } from '../lib/api-client.ts'

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; message: string }

const unreachable = 'The service could not be reached. Please try again.'

const somethingWentWrong = 'Something went wrong. Please try again.'

async function call<T>(send: () => Promise<CallResult<T>>): Promise<Answer<T>> {
  const result = await send()
  if (result.kind === 'answered') return { ok: true, data: result.json }
  if (result.kind === 'refused') {
    return { ok: false, status: result.status, message: result.message ?? somethingWentWrong }
  }
  return { ok: false, status: 0, message: unreachable }
}

const get = <T>(path: string) => call<T>(() => apiClient.get<T>(`${consoleApiBase}${path}`))
const post = <T>(path: string, body?: unknown) =>
  call<T>(() =>
    body === undefined
      ? apiClient.post<T>(`${consoleApiBase}${path}`)
      : apiClient.postJson<T>(`${consoleApiBase}${path}`, body),
  )
const member = (username: string) => `/members/${encodeURIComponent(username)}`

export const consoleApi = {
  me: () => get<ConsoleStaff>('/me'),
  signIn: (email: string, password: string) =>
    post<{ stage: 'code'; message: string }>('/sign-in', { email, password }),
  verify: (code: string) => post<ConsoleStaff>('/verify', { code }),
  signOut: () => post<{ message: string }>('/sign-out'),
  search: (q: string) => get<ConsoleSearchResult>(`/search?q=${encodeURIComponent(q)}`),
  openIncidents: () => get<IncidentSummary[]>('/incidents?status=open'),
  incident: (ticket: string) => get<IncidentView>(`/incidents/${encodeURIComponent(ticket)}`),
  resolveIncident: (ticket: string, reason: string) =>
    post<{ incidentId: string }>(`/incidents/${encodeURIComponent(ticket)}/resolve`, { reason }),
  member: (username: string) => get<MemberView>(member(username)),
  memberAction: (username: string, action: MemberAction, reason: string) =>
    post<Record<string, unknown>>(`${member(username)}/${action}`, { reason }),
  staff: () => get<StaffListItem[]>('/staff'),
  createStaff: (email: string, role: StaffRoleName) =>
    post<{ email: string; role: StaffRoleName; temporaryPassword: string }>('/staff', {
      email,
      role,
    }),
}

export type MemberAction = 'unlock' | 'resend-username' | 'revoke-sessions' | 'reset-mfa'
