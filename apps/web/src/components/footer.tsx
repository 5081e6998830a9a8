import { association, consultingFirm } from '../config/brand.ts'
import { ConsultingLogo } from './consulting-logo.tsx'
import { ExternalLink } from './external-link.tsx'
import './footer.css'
import { t } from '../i18n/texts.ts'

interface FooterProps {
  privacyPolicyUrl: string
  termsOfUseUrl: string
  consultingFirmUrl: string
  /** The year of the copyright line: the current year (spec §1). */
  year: number
}

/** The usweb footer (spec §1): association links, copyright, licences and the consulting firm. */
export function Footer({ privacyPolicyUrl, termsOfUseUrl, consultingFirmUrl, year }: FooterProps) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__legal">
          <ul className="site-footer__links">
            <li>
              <ExternalLink href={privacyPolicyUrl}>{t.frame.footer.privacyPolicy}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={termsOfUseUrl}>{t.frame.footer.termsOfUse}</ExternalLink>
            </li>
          </ul>
          <p className="site-footer__copyright">
            <span>
              © {year} {association.legalName}
            </span>{' '}
            <span>
              © {association.rightsReservedSince} {t.frame.footer.allRightsReserved}
            </span>{' '}
            <span>
              {t.frame.footer.website} © {association.websiteSince}
            </span>
          </p>
          <ul className="site-footer__licences">
            {association.licences.map((licence) => (
              <li key={licence.state}>{t.frame.footer.licence(licence.state, licence.number)}</li>
            ))}
          </ul>
        </div>
        <div className="site-footer__firm">
          <ExternalLink className="site-footer__firm-logo" href={consultingFirmUrl} hasIcon={false}>
            <ConsultingLogo />
            <span className="visually-hidden">{consultingFirm.name}</span>
          </ExternalLink>
          <p className="site-footer__slogan">{consultingFirm.slogan}</p>
        </div>
      </div>
    </footer>
  )
}
