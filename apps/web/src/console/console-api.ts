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
  type OidcSiteListItem,
  type StaffListItem,
  type StaffRoleName,
} from '@portal/contract/console'
import { apiClient, type CallResult } from '../lib/api/api-client.ts'

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
  /**
   * The one search: a ticket, username, customer number, email, phone or name; the service
   * decides which. The text in the body, never in a URL (G1).
   */
  search: (q: string) => post<ConsoleSearchResult>('/search', { q }),
  openIncidents: () => get<IncidentSummary[]>('/incidents?status=open'),
  incident: (ticket: string) => get<IncidentView>(`/incidents/${encodeURIComponent(ticket)}`),
  resolveIncident: (ticket: string, reason: string) =>
    post<{ incidentId: string }>(`/incidents/${encodeURIComponent(ticket)}/resolve`, { reason }),
  member: (username: string) => get<MemberView>(member(username)),
  memberAction: (username: string, action: MemberAction, reason: string) =>
    post<Record<string, unknown>>(`${member(username)}/${action}`, { reason }),
  /** Issue 23: removes one of the member's passkeys (audited with the reason). */
  removePasskey: (username: string, id: number, reason: string) =>
    post<{ removed: string }>(`${member(username)}/passkeys/${id}/remove`, { reason }),
  /** The staff member's own password (and the first one of an account made by someone else). */
  changePassword: (currentPassword: string, newPassword: string) =>
    post<{ message: string }>('/password', { currentPassword, newPassword }),
  /** The audit trail of one member and date range, as a file to save (admins). */
  auditExport: (query: AuditExportQuery) => download(auditExportPath(query)),
  staff: () => get<StaffListItem[]>('/staff'),
  /** Issue 44: the program sites registered for OpenID Connect. */
  oidcSites: () => get<OidcSiteListItem[]>('/oidc-sites'),
  createStaff: (email: string, role: StaffRoleName) =>
    post<{ email: string; role: StaffRoleName; temporaryPassword: string }>('/staff', {
      email,
      role,
    }),
}

export type MemberAction =
  'unlock' | 'resend-username' | 'revoke-sessions' | 'reset-mfa' | 'disable' | 'enable'

export interface AuditExportQuery {
  /** YYYY-MM-DD, both days included. */
  from: string
  to: string
  user: string
  format: 'csv' | 'json'
}

export function auditExportPath({ from, to, user, format }: AuditExportQuery): string {
  const query = new URLSearchParams({ from, to, user, format })
  return `${consoleApiBase}/audit-export?${query.toString()}`
}

/**
 * A file from the service: its body and the name it suggests (Content-Disposition). A GET,
 * so no anti-forgery header; the console's cookie goes with it (same origin, its path).
 */
async function download(path: string): Promise<Answer<{ blob: Blob; fileName: string }>> {
  let response: Response
  try {
    response = await fetch(path, { credentials: 'same-origin' })
  } catch {
    return { ok: false, status: 0, message: unreachable }
  }
  if (!response.ok) {
    const json = (await response.json().catch(() => null)) as { message?: string } | null
    return { ok: false, status: response.status, message: json?.message ?? somethingWentWrong }
  }
  const disposition = response.headers.get('content-disposition') ?? ''
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'audit-export'
  return { ok: true, data: { blob: await response.blob(), fileName } }
}
