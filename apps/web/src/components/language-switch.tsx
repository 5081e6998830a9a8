import { localeNames, locales } from '@portal/contract'
import { locale, switchLocale, t } from '../i18n/texts.ts'

/**
 * Issue 24: "English" / "Español" in the header of both flavours. The language shown is
 * marked current; the other one is a button that remembers it (a cookie) and reads the page
 * again in it. Each name is written, and announced, in its own language.
 */
export function LanguageSwitch() {
  return (
    <nav className="brand-header__nav" aria-label={t.frame.language.switchLabel}>
      {locales.map((each) =>
        each === locale ? (
          <strong key={each} lang={each} aria-current="true">
            {localeNames[each]}
          </strong>
        ) : (
          <button
            key={each}
            type="button"
            className="button button--ghost button--small"
            lang={each}
            onClick={() => switchLocale(each)}
          >
            {localeNames[each]}
          </button>
        ),
      )}
    </nav>
  )
}
