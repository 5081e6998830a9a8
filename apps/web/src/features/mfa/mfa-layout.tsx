// The frame every verification screen shares: banner, card with its heading (focused when the
// screen opens), and the spinner. usweb and pl lay the screens out differently (spec §2
// screen 11: "layout is chosen by application name").
import type { ReactNode } from 'react'
import { ErrorBanner, type BannerItem } from '../../components/error-banner.tsx'
import type { Flavour } from '@portal/contract'

import { Spinner } from '../../components/spinner.tsx'
import { useFocusOnMount } from '../../lib/page.ts'
import { readSession } from '../../lib/session.ts'
import './mfa.css'

/** The session's application name (spec §1), else the area's flavour. */
export function mfaLayoutOf(flavour: Flavour): Flavour {
  return readSession().applicationName ?? flavour
}

interface MfaFrameProps {
  layout: Flavour
  /** Used for the ids that tie the card to its heading. */
  id: string
  title: string
  intro?: ReactNode
  bannerItems: readonly BannerItem[]
  isBusy: boolean
  children: ReactNode
}

export function MfaFrame({
  layout,
  id,
  title,
  intro,
  bannerItems,
  isBusy,
  children,
}: MfaFrameProps) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const headingId = `${id}-heading`
  return (
    <>
      <div className={`mfa mfa--${layout}`} aria-busy={isBusy}>
        <ErrorBanner items={bannerItems} />
        <section className="card mfa__card" aria-labelledby={headingId}>
          <h1 id={headingId} className="card__title" ref={headingRef} tabIndex={-1}>
            {title}
          </h1>
          {intro && <p className="card__intro">{intro}</p>}
          {children}
        </section>
      </div>
      <Spinner active={isBusy} />
    </>
  )
}
