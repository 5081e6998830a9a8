import { strengthMeterView } from './strength-meter-model.ts'
import './password-rules.css'
import { t } from '../i18n/texts.ts'

/**
 * Spec §4 "Password strength": a bar in steps of 20% with its level written next to it, so
 * that the colour is never the only sign. The bar is a `meter` for assistive technology.
 */
export function StrengthMeter({
  score,
  isGuessable = false,
}: {
  score: number
  /** Refused as too easy to guess: the meter says so rather than its score's level. */
  isGuessable?: boolean
}) {
  const view = strengthMeterView(score, isGuessable)
  return (
    <div className={`strength-meter ${view.className}`}>
      <div
        className="strength-meter__track"
        role="meter"
        aria-label={t.password.strength}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.percent}
        aria-valuetext={view.valueText}
      >
        <div className="strength-meter__bar" />
      </div>
      {/* Read through the meter's value text; shown for sighted users. */}
      <span className="strength-meter__label" aria-hidden="true">
        {view.label}
      </span>
    </div>
  )
}
