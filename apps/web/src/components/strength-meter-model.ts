// Spec §4 "Password strength": what the meter shows for each score, from the contract's levels.
import { strengthLevels } from '@portal/contract'
import { formTexts } from '../i18n/form-texts.ts'

export interface StrengthMeterView {
  score: number
  /** Shown next to the bar; empty at score 0 ("empty bar, no text"). */
  label: string
  /** Width of the bar, and the meter's value. */
  percent: number
  /** The colour modifier of the bar. */
  className: string
  /** What assistive technology reads instead of the number; none at score 0. */
  valueText: string | undefined
}

export function strengthMeterView(score: number): StrengthMeterView {
  const level = strengthLevels.find((candidate) => candidate.score === score) ?? strengthLevels[0]
  const label = level.label === '' ? '' : formTexts().password.levels[level.label]
  return {
    score: level.score,
    label,
    percent: level.percent,
    className: `strength-meter--${level.colour}`,
    valueText: label || undefined,
  }
}
