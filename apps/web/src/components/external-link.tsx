import type { ComponentProps } from 'react'
import { webTexts } from '../i18n/texts.ts'

/** A link that opens in a new tab, saying so to screen-reader users. */
export function ExternalLink({
  children,
  ...props
}: Omit<ComponentProps<'a'>, 'target' | 'rel'> & { href: string }) {
  return (
    // SECURITY: noopener so the opened page cannot reach back into the portal's window.
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{webTexts.common.opensInNewTab}</span>
    </a>
  )
}
