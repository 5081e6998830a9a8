// The frame every form screen shares: the banner above one centred card, the card's heading
// (focused when the screen opens, so screen-reader users hear where they are), and the
// spinner while a call runs. The content is the screen's own.
import type { ReactNode } from 'react'
import { useFocusOnMount } from '../lib/visit/page.ts'
import { ErrorBanner, type BannerItem } from './error-banner.tsx'
import { Spinner } from './spinner.tsx'

interface FormScreenProps {
  /** Used for the ids that tie the card to its heading. */
  id: string
  title: string
  intro?: ReactNode
  bannerItems: readonly BannerItem[]
  isBusy: boolean
  /** What the spinner says while busy ("Sending your code…"); "Loading…" when not given. */
  busyText?: string
  /** The flavour's or feature's class on the column ('mfa mfa--pl'). */
  className?: string
  children: ReactNode
}

export function FormScreen({
  id,
  title,
  intro,
  bannerItems,
  isBusy,
  busyText,
  className,
  children,
}: FormScreenProps) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const headingId = `${id}-heading`
  return (
    <>
      {/* aria-busy marks the screen as updating; the spinner stays outside it so that its
          "Loading" status is still announced. */}
      <div className={['page-column', className].filter(Boolean).join(' ')} aria-busy={isBusy}>
        <ErrorBanner items={bannerItems} />
        <section className="card" aria-labelledby={headingId}>
          <h1 id={headingId} className="card__title" ref={headingRef} tabIndex={-1}>
            {title}
          </h1>
          {intro && <p className="card__intro">{intro}</p>}
          {children}
        </section>
      </div>
      <Spinner active={isBusy} text={busyText} />
    </>
  )
}
