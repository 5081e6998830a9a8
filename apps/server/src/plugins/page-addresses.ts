// The portal's page addresses. The portal's router and its navigation guard judge an address
// in any case (spec §2), so an address the original portal linked to in another case
// (`/USWEB/login`, `/ProLiability/login?cname=x`) must still arrive: the service answers it
// with a permanent redirect to the lower-case address, the query kept as sent. The API under
// /api stays exact: a call is never redirected.

import { flavours } from '@portal/contract'

/** The areas whose pages the service serves (plugins/web.ts). */
export const pageAreas = [flavours.usweb.area, flavours.pl.area, 'support-console'] as const

/**
 * The canonical address of a page asked for in another case, or undefined when `url` is not
 * a page address or already canonical. The answer always starts with `/{area}`: it names a
 * path of this service, never another host.
 */
export function canonicalPageUrl(url: string): string | undefined {
  const queryAt = url.indexOf('?')
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  const lower = path.toLowerCase()
  if (lower === path) return undefined
  const area = lower.split('/', 2)[1] ?? ''
  if (!(pageAreas as readonly string[]).includes(area)) return undefined
  return lower + (queryAt === -1 ? '' : url.slice(queryAt))
}
