// Spec §4 "Password strength": what the meter shows for each score, from the contract's levels.
import { strengthLevels } from '@portal/contract'
import { t } from '../i18n/texts.ts'

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

/**
 * The meter for a score of the five rules (spec §4). A password the portal refuses as too easy
 * to guess (issue 28) is never shown as strong (issue 43): the bar stays at the first, red
 * step and says so, as the checklist and the field's message do.
 */
export function strengthMeterView(score: number, isGuessable = false): StrengthMeterView {
  if (isGuessable) {
    const label = t.password.tooEasyToGuess
    return { score, label, percent: 20, className: 'strength-meter--red', valueText: label }
  }
  const level = strengthLevels.find((candidate) => candidate.score === score) ?? strengthLevels[0]
  const label = level.label === '' ? '' : t.password.levels[level.label]
  return {
    score: level.score,
    label,
    percent: level.percent,
    className: `strength-meter--${level.colour}`,
    valueText: label || undefined,
  }
}
