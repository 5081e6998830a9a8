// The portal's configuration: what Vite fixed at build (config/portal-config.ts, written in as
// a constant) and the links the service wrote into this page at run time, as
// <script type="application/json" id="portal-config">{"links":{…}}</script> (data, never
// executed, so the content-security policy stays script-src 'self'). No zod here: reading
// six strings must not pull a schema library into the login page (decision 0013).
import { isSafeLink } from '@portal/contract'
import type { PortalConfig, PortalLinks } from './portal-config.ts'

declare const __PORTAL_CONFIG__: PortalConfig

const build = __PORTAL_CONFIG__

/** The links of the page's JSON block, each falling back to the build's when absent or unsafe. */
export function linksOf(pageText: string | null | undefined, fallback: PortalLinks): PortalLinks {
  let given: unknown
  try {
    given = pageText ? (JSON.parse(pageText) as { links?: unknown }).links : undefined
  } catch {
    given = undefined
  }
  const links = { ...fallback }
  if (given && typeof given === 'object') {
    for (const key of Object.keys(links) as (keyof PortalLinks)[]) {
      const value = (given as Record<string, unknown>)[key]
      if (isSafeLink(value)) links[key] = value
    }
  }
  return links
}

/** Issue 27: how long "Remember this device" lasts (MFA_DEVICE_TRUST_DAYS); 30 unless told. */
export function deviceTrustDaysOf(pageText: string | null | undefined): number {
  try {
    const days = pageText
      ? (JSON.parse(pageText) as { deviceTrustDays?: unknown }).deviceTrustDays
      : undefined
    return typeof days === 'number' && Number.isInteger(days) && days >= 0 ? days : 30
  } catch {
    return 30
  }
}

const pageText =
  typeof document === 'undefined'
    ? undefined
    : document.getElementById('portal-config')?.textContent

export const env = {
  apiBaseUrl: build.apiBaseUrl,
  links: linksOf(pageText, build.fallbackLinks),
  deviceTrustDays: deviceTrustDaysOf(pageText),
} as const
