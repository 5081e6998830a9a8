// The screens that end a flow well (spec §2 screens 4, 8, 16): a success mark, a heading that
// says what happened, the spec's text, and the way back to login.
import type { MouseEvent } from 'react'
import { Link } from 'react-router'
import { useFocusOnMount } from '../lib/visit/page.ts'
import { t } from '../i18n/texts.ts'
import './done-panel.css'

interface DonePanelProps {
  id: string
  title: string
  paragraphs: readonly string[]
  loginPath: string
  returnLabel?: string
  onReturn?: (event: MouseEvent<HTMLAnchorElement>) => void
}

export function DonePanel({
  id,
  title,
  paragraphs,
  loginPath,
  returnLabel = t.frame.common.returnToLogin,
  onReturn,
}: DonePanelProps) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const headingId = `${id}-heading`
  return (
    <div className="page-column">
      <section className="card done-panel" aria-labelledby={headingId}>
        <svg
          className="done-panel__icon"
          viewBox="0 0 48 48"
          width="48"
          height="48"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="24" cy="24" r="23" fill="currentColor" />
          <path
            d="M14 24.5l7 7 13-14"
            fill="none"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h1 id={headingId} className="card__title" ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {paragraphs.map((text) => (
          <p className="done-panel__text" key={text}>
            {text}
          </p>
        ))}
        <Link className="button button--primary" to={loginPath} onClick={onReturn}>
          {returnLabel}
        </Link>
      </section>
    </div>
  )
}
