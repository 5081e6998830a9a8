import { localeNames, locales } from '@portal/contract'
import { locale, switchLocale, webTexts } from '../i18n/texts.ts'

/**
 * Issue 24: "English" / "Español" in the header of both flavours. The language shown is
 * marked current; the other one is a button that remembers it (a cookie) and reads the page
 * again in it. Each name is written, and announced, in its own language.
 */
export function LanguageSwitch() {
  return (
    <nav className="language-switch" aria-label={webTexts.language.switchLabel}>
      <ul className="language-switch__list">
        {locales.map((each) => (
          <li key={each}>
            {each === locale ? (
              <span className="language-switch__current" lang={each} aria-current="true">
                {localeNames[each]}
              </span>
            ) : (
              <button
                type="button"
                className="language-switch__option"
                lang={each}
                onClick={() => switchLocale(each)}
              >
                {localeNames[each]}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
