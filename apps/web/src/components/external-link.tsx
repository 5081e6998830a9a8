import type { ComponentProps } from 'react'
import { t } from '../i18n/texts.ts'

/**
 * A link that opens in a new tab, saying so to screen-reader users, and showing it with an
 * arrow out of a box (issue 27, the screens review's consistency polish).
 */
export function ExternalLink({
  children,
  hasIcon = true,
  ...props
}: Omit<ComponentProps<'a'>, 'target' | 'rel'> & {
  href: string
  /** False for a link that is a picture (a logo): the icon would stand alone beside it. */
  hasIcon?: boolean
}) {
  return (
    // SECURITY: noopener so the opened page cannot reach back into the portal's window.
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      {hasIcon && (
        <svg
          className="external-link__icon"
          viewBox="0 0 16 16"
          width="14"
          height="14"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M9 2h5v5M14 2 7.5 8.5M12 9.5V13a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      )}
      <span className="visually-hidden">{t.frame.common.opensInNewTab}</span>
    </a>
  )
}
