// The portal's configuration (VITE_* variables), judged when Vite builds or serves the
// portal, never in the browser: a bad value fails the build, and the page carries only the
// judged values (config/env.ts), not the code that judges them. Every address outside the
// portal is configuration (DESIGN.md): the defaults point at the demo pages the login service
// serves under /demo, so a local build works with nothing set.
import * as z from 'zod/mini'

/** Only same-site paths or http(s) addresses: a `javascript:` link must never be configurable. */
function isSafeLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//')
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

// An empty variable (`VITE_X=`) means "not set": fall back to the default.
const blankIsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

const safeLink = () =>
  z
    .string()
    .check(z.trim(), z.refine(isSafeLink, 'must be a path starting with / or an http(s) address'))

const link = (fallback: string) =>
  z.pipe(z.transform(blankIsUnset), z._default(safeLink(), fallback))

const EnvSchema = z.object({
  /** Where the login service lives; empty = same origin (the service serves the portal). */
  VITE_API_BASE_URL: z.pipe(
    z.transform(blankIsUnset),
    z._default(
      z.pipe(
        safeLink(),
        z.transform((value: string) => value.replace(/\/+$/, '')),
      ),
      '',
    ),
  ),
  VITE_PRIVACY_POLICY_URL: link('/demo/association/privacy'),
  VITE_TERMS_OF_USE_URL: link('/demo/association/terms'),
  VITE_CONSULTING_FIRM_URL: link('/demo/consulting'),
  VITE_POLICY_HIGHLIGHTS_URL: link('/demo/augustar/policy-highlights'),
  VITE_LIVE_CHAT_URL: link('/demo/live-chat'),
  /** The verification-code help page (spec §2 screen 12, "an external help page"). */
  VITE_MFA_FAQ_URL: link('/demo/mfa-faq'),
})

export type PortalConfig = ReturnType<typeof parsePortalConfig>

/** The configuration for these variables (Vite's loadEnv), or an error naming each problem. */
export function parsePortalConfig(variables: Record<string, string | undefined>) {
  const result = EnvSchema.safeParse(variables)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid portal configuration:\n${problems.join('\n')}`)
  }
  const e = result.data
  return {
    apiBaseUrl: e.VITE_API_BASE_URL,
    links: {
      privacyPolicy: e.VITE_PRIVACY_POLICY_URL,
      termsOfUse: e.VITE_TERMS_OF_USE_URL,
      consultingFirm: e.VITE_CONSULTING_FIRM_URL,
      policyHighlights: e.VITE_POLICY_HIGHLIGHTS_URL,
      liveChat: e.VITE_LIVE_CHAT_URL,
      mfaFaq: e.VITE_MFA_FAQ_URL,
    },
  } as const
}
