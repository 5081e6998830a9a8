// The portal's configuration. One thing is fixed when Vite builds the page: where the login
// service lives (VITE_API_BASE_URL, judged here so that a bad value fails the build). The
// links outside the portal (privacy policy, terms, FAQ, …) are not: the service writes them
// into the page it serves (a JSON block, config/env.ts reads it), so one build serves every
// environment and no demo link is baked into a production build.
import * as z from 'zod/mini'
import { isSafeLink, type PortalLinks } from '@portal/contract'

// An empty variable (`VITE_X=`) means "not set": fall back to the default.
const blankIsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

const EnvSchema = z.object({
  /** Where the login service lives; empty = same origin (the service serves the portal). */
  VITE_API_BASE_URL: z.pipe(
    z.transform(blankIsUnset),
    z._default(
      z.pipe(
        z
          .string()
          .check(
            z.trim(),
            z.refine(isSafeLink, 'must be a path starting with / or an http(s) address'),
          ),
        z.transform((value: string) => value.replace(/\/+$/, '')),
      ),
      '',
    ),
  ),
})

export type { PortalLinks }

/** The demo service's pages: what `vite serve` and unit tests show when no page carries links. */
export const demoLinks: PortalLinks = {
  privacyPolicy: '/demo/association/privacy',
  termsOfUse: '/demo/association/terms',
  consultingFirm: '/demo/consulting',
  policyHighlights: '/demo/augustar/policy-highlights',
  liveChat: '/demo/live-chat',
  mfaFaq: '/demo/mfa-faq',
}

const noLinks: PortalLinks = {
  privacyPolicy: '',
  termsOfUse: '',
  consultingFirm: '',
  policyHighlights: '',
  liveChat: '',
  mfaFaq: '',
}

export type PortalConfig = ReturnType<typeof parsePortalConfig>

/**
 * The build's configuration for these variables (Vite's loadEnv), or an error naming each
 * problem. `fallbackLinks` are used only by a page that carries no links block: the demo
 * pages for development and tests, nothing for a production build.
 */
export function parsePortalConfig(
  variables: Record<string, string | undefined>,
  { forDevelopment = true }: { forDevelopment?: boolean } = {},
) {
  const result = EnvSchema.safeParse(variables)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid portal configuration:\n${problems.join('\n')}`)
  }
  return {
    apiBaseUrl: result.data.VITE_API_BASE_URL,
    fallbackLinks: forDevelopment ? demoLinks : noLinks,
  } as const
}
