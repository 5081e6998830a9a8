// The portal's languages (issue 24): en-US is the source (the specification's own texts),
// es-US its translation. Plain values only: the login page imports this module.

export const locales = ['en-US', 'es-US'] as const
export type Locale = (typeof locales)[number]
export const sourceLocale: Locale = 'en-US'

/** The cookie that remembers the language chosen (not a secret, not the session). */
export const localeCookie = 'portal_lang'

/** The switch's label of each language, written in that language. */
export const localeNames: Record<Locale, string> = { 'en-US': 'English', 'es-US': 'Español' }

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

/**
 * The first language of an Accept-Language header (or navigator.languages) that the portal
 * speaks, by its primary subtag and in the order given (weights of 0 excluded); English
 * when none.
 */
export function localeFromAcceptLanguage(header: string | readonly string[] | undefined): Locale {
  const entries = (typeof header === 'string' ? header.split(',') : (header ?? []))
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index }
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of entries) {
    const primary = tag.split('-')[0]
    if (primary === 'es') return 'es-US'
    if (primary === 'en') return 'en-US'
  }
  return sourceLocale
}

/** The locale a cookie header names, if any. */
export function localeFromCookieHeader(header: string | undefined): Locale | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === localeCookie && isLocale(value)) return value
  }
  return undefined
}
