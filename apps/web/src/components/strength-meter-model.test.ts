import { describe, expect, it } from 'vitest'
import { strengthMeterView } from './strength-meter-model.ts'

describe('strength meter view', () => {
  it.each([
    [0, '', 0, 'strength-meter--none', undefined],
    [1, 'Very Weak', 20, 'strength-meter--red', 'Very Weak'],
    [2, 'Weak', 40, 'strength-meter--orange', 'Weak'],
    [3, 'Moderate', 60, 'strength-meter--yellow', 'Moderate'],
    [4, 'Good', 80, 'strength-meter--lightgreen', 'Good'],
    [5, 'Strong', 100, 'strength-meter--green', 'Strong'],
  ])('score %i shows %j at %i%% (%s)', (score, label, percent, className, valueText) => {
    expect(strengthMeterView(score)).toEqual({ score, label, percent, className, valueText })
  })

  it('shows an empty bar for a score outside 0-5', () => {
    expect(strengthMeterView(6).percent).toBe(0)
    expect(strengthMeterView(-1).label).toBe('')
  })
})
