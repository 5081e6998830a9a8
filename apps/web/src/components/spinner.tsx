// Its styles (spinner.css) are in the page's stylesheet: main.tsx imports them (issue 45).
import { t } from '../i18n/texts.ts'

/**
 * Spec §2: a full-screen spinner while a request runs. It appears only after 10 ms (quick
 * answers never flash it), fades in over 300 ms and out over 200 ms; all of this is CSS
 * transitions on an element that stays mounted, so a hide can reverse a fade-in cleanly.
 * `text` says what is happening ("Signing you in…", issue 27); "Loading…" when not said.
 */
export function Spinner({ active, text }: { active: boolean; text?: string }) {
  const shown = text ?? t.frame.busy.loading
  return (
    <div
      className="spinner"
      data-active={active}
      role="status"
      aria-live="polite"
      aria-label={shown.replace('…', '')}
    >
      <div className="spinner__box">
        <span className="spinner__ring" aria-hidden="true" />
        <span className="spinner__text">{shown}</span>
      </div>
    </div>
  )
}
