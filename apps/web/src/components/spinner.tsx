import './spinner.css'
import { webTexts } from '../i18n/texts.ts'

/**
 * Spec §2: a full-screen spinner while a request runs. It appears only after 10 ms (quick
 * answers never flash it), fades in over 300 ms and out over 200 ms; all of this is CSS
 * transitions on an element that stays mounted, so a hide can reverse a fade-in cleanly.
 */
export function Spinner({ active }: { active: boolean }) {
  return (
    <div
      className="spinner"
      data-active={active}
      role="status"
      aria-live="polite"
      aria-label={webTexts.common.loading}
    >
      <div className="spinner__box">
        <span className="spinner__ring" aria-hidden="true" />
        <span className="spinner__text">{webTexts.common.loadingText}</span>
      </div>
    </div>
  )
}
