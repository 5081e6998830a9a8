import { Link } from 'react-router'
import type { Program } from '@portal/contract'
import { ContactDialog } from './contact-dialog.tsx'
import { ExternalLink } from './external-link.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { PhoneLink } from './phone-link.tsx'
import { ProgramLogo } from './program-logo.tsx'
import './brand-header.css'
import { t } from '../i18n/texts.ts'

interface BrandHeaderProps {
  program: Program
  /** The customer-service number as the mailing-address lookup sent it; null until known. */
  phone: string | null
  /** The phone lookup has not answered yet. */
  isPhonePending?: boolean
  /** The pl header's Home link. */
  homePath: string
  liveChatUrl: string
}

/**
 * Spec §1: program logo and customer-service phone on every page; pl adds email, Home and
 * Contact Us. Below 600 px the pl header is the logo, the language, the phone and Contact Us,
 * whose window then holds the email and Home too (review 15).
 */
export function BrandHeader({
  program,
  phone,
  isPhonePending = false,
  homePath,
  liveChatUrl,
}: BrandHeaderProps) {
  const isPl = program.flavour === 'pl'
  return (
    <header className="brand-header">
      <div className="brand-header__inner">
        <div className="brand-header__brand">
          <ProgramLogo program={program} />
          <span className="brand-header__name">{program.displayName}</span>
        </div>
        <div className="brand-header__contact">
          <LanguageSwitch />
          {phone && (
            <p className="brand-header__phone">
              <span className="brand-header__label">{t.frame.common.customerService}</span>
              <PhoneLink program={program.code} phone={phone} />
            </p>
          )}
          {!phone && isPhonePending && (
            // Keeps the number's place while it loads, so that the page does not move down
            // when it comes (Lighthouse counted the jump as a layout shift).
            <p className="brand-header__phone brand-header__phone--pending" aria-hidden="true">
              <span className="brand-header__label">{t.frame.common.customerService}</span>
              <span className="phone-link">000-000-0000</span>
            </p>
          )}
          {isPl && program.serviceEmail && (
            <p className="brand-header__email">
              <span className="brand-header__label">{t.frame.header.email}</span>
              <a href={`mailto:${program.serviceEmail}`}>{program.serviceEmail}</a>
            </p>
          )}
          {program.hasLiveChat && (
            <ExternalLink className="brand-header__chat" href={liveChatUrl}>
              {t.frame.header.liveChat}
            </ExternalLink>
          )}
          {isPl && (
            <nav
              className="brand-header__nav brand-header__site"
              aria-label={t.frame.header.siteNavigation}
            >
              {/* Review 15: Home and Contact Us look alike. On phones Home and the email are
                  in the Contact Us window (brand-header.css). */}
              <Link
                className="button button--secondary button--small brand-header__home"
                to={homePath}
              >
                {t.frame.header.home}
              </Link>
              <ContactDialog
                program={program.code}
                phone={phone}
                email={program.serviceEmail}
                homePath={homePath}
              />
            </nav>
          )}
        </div>
      </div>
    </header>
  )
}
