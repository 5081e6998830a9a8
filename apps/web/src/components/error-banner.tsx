import { useEffect, useId, useRef, type ReactNode } from 'react'
import { messages } from '@portal/contract'
import { failureReference } from '../lib/api-client.ts'
import './error-banner.css'

const failureMessages: readonly ReactNode[] = [
  messages.login.technicalDifficulties,
  messages.login.somethingWentWrong,
]

/**
 * Spec §8: messages appear in a red banner list headed 'Error'. The banner takes focus each
 * time it is given a new list, so keyboard and screen-reader users land on it.
 */
export function ErrorBanner({ items }: { items: readonly ReactNode[] }) {
  const ref = useRef<HTMLDivElement>(null)
  const headingId = useId()

  useEffect(() => {
    ref.current?.focus()
  }, [items])

  if (items.length === 0) return null
  const reference = failureReference()
  return (
    <div ref={ref} className="error-banner" role="alert" tabIndex={-1} aria-labelledby={headingId}>
      <svg
        className="error-banner__icon"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path d="M12 6.5v7" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
        <circle cx="12" cy="17.25" r="1.4" fill="#fff" />
      </svg>
      <div className="error-banner__content">
        <h2 id={headingId} className="error-banner__heading">
          {messages.errorBannerHeading}
        </h2>
        <ul className="error-banner__list">
          {items.map((item, index) => (
            <li key={index}>
              {item}
              {reference && failureMessages.includes(item) ? (
                <span className="error-banner__reference">
                  {' '}
                  {messages.failureReference} {reference}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
