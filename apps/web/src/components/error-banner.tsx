import { use, useEffect, useId, useRef, type MouseEvent } from 'react'
import { type ProgramCode } from '@portal/contract'
import { t } from '../i18n/texts.ts'
import { useProgramPhone } from '../lib/visit/program-phone.ts'
import { useErrorTitle } from '../lib/visit/page.ts'
import { ProgramContext } from '../lib/visit/program-selection.ts'
import { PhoneLink } from './phone-link.tsx'
import { failureReference } from '../lib/api/failure-reference.ts'
import { isFieldMessage, type BannerItem, type FieldMessage } from '../lib/forms/use-submission.ts'
import './error-banner.css'

/** The failure messages, after which the request's reference is shown. */
const isFailureMessage = (item: BannerItem) =>
  item === t.login.technicalDifficulties || item === t.login.somethingWentWrong

export type { BannerItem, FieldMessage }
export { isFieldMessage }

// Spec §8 messages that send the user to "the number (shown) above": the banner writes the
// number into the message, so it is there even when the header could not show it.
const callsTheNumber =
  /call the number (shown )?above|at the number shown above|al número que aparece arriba/i

function FieldLink({ fieldId, text }: FieldMessage) {
  const focusField = (event: MouseEvent<HTMLAnchorElement>) => {
    const field = document.getElementById(fieldId)
    if (!field) return
    event.preventDefault()
    field.scrollIntoView({ block: 'center' })
    field.focus()
  }
  return (
    <a href={`#${fieldId}`} onClick={focusField}>
      {text}
    </a>
  )
}

function CallNumber({ program }: { program: ProgramCode }) {
  // Asks the lookup again when the header's attempt failed.
  const phone = useProgramPhone(program)
  if (!phone) return null
  return (
    <span className="error-banner__phone">
      {t.frame.common.customerService}: <PhoneLink program={program} phone={phone} />
    </span>
  )
}

function BannerText({ item }: { item: BannerItem }) {
  return isFieldMessage(item) ? <FieldLink {...item} /> : <>{item}</>
}

/**
 * Spec §8: messages appear in a red banner list headed 'Error'. The banner takes focus each
 * time it is given a new list, so keyboard and screen-reader users land on it (not when the
 * list only lost the messages of fields put right, issue 43); a message about a field links to
 * it; the page title starts with "Error: " while it shows.
 */
export function ErrorBanner({ items }: { items: readonly BannerItem[] }) {
  const ref = useRef<HTMLDivElement>(null)
  const headingId = useId()
  const program = use(ProgramContext)?.program.code
  const isCallAsked = items.some((item) => typeof item === 'string' && callsTheNumber.test(item))
  useErrorTitle(items.length > 0)
  const shownRef = useRef<readonly BannerItem[]>(items)

  useEffect(() => {
    const before = shownRef.current
    shownRef.current = items
    // Issue 43: a message that left because its field is now valid moves no focus (the
    // member is typing in that field); any other new list takes it.
    const isFewer = items.length < before.length && items.every((item) => before.includes(item))
    if (!isFewer) ref.current?.focus()
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
          {t.frame.errorBannerHeading}
        </h2>
        <ul
          className={`error-banner__list${items.length === 1 ? ' error-banner__list--single' : ''}`}
        >
          {items.map((item, index) => (
            <li key={index}>
              <BannerText item={item} />
              {reference && isFailureMessage(item) ? (
                <span className="error-banner__reference">
                  {' '}
                  {t.frame.failureReference} {reference}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {program && isCallAsked && <CallNumber program={program} />}
      </div>
    </div>
  )
}
