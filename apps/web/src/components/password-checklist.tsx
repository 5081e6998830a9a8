import { limits, passwordChecklist, passwordRuleOrder, specialCharacters } from '@portal/contract'
import { t } from '../i18n/texts.ts'
import './password-rules.css'

/**
 * Spec §5's five rules in the `passwordrules` language, so that a password manager (Safari,
 * 1Password) suggests a password the form accepts: a letter, a digit and one of !@#$%^&*.
 */
export const passwordRulesAttribute = [
  `minlength: ${limits.passwordMin}`,
  `maxlength: ${limits.passwordMax}`,
  'required: lower, upper',
  'required: digit',
  `required: [${specialCharacters}]`,
  `allowed: lower, upper, digit, [${specialCharacters}]`,
].join('; ')

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path
        d="M5.5 10.5l3 3 6-6.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

function InfoIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M10 9v5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="10" cy="6" r="1.2" fill="currentColor" />
    </svg>
  )
}

/**
 * Spec §4/§5: the five new-password rules, checked as the user types. A met rule shows a
 * check icon and the valid style, an unmet one an info icon and the invalid style; the state
 * is also written out (visually hidden) for screen readers. Before anything is typed the list
 * is neutral: it tells what is needed, not what is wrong. A password that is too easy to guess
 * (issue 28) adds one unmet line under the five.
 */
export function PasswordChecklist({
  id,
  password,
  isGuessable = false,
}: {
  id: string
  password: string
  isGuessable?: boolean
}) {
  const checklist = passwordChecklist(password)
  const isStarted = password.length > 0
  return (
    <ul className="password-checklist" id={id} aria-label={t.password.requirements}>
      {passwordRuleOrder.map((rule) => {
        const isMet = checklist[rule]
        return (
          <li
            key={rule}
            className={`password-checklist__rule password-checklist__rule--${isMet ? 'valid' : isStarted ? 'invalid' : 'neutral'}`}
            data-rule={rule}
            data-met={isMet}
          >
            {isMet ? <CheckIcon /> : <InfoIcon />}
            <span>
              {t.password.rules[rule]}
              <span className="visually-hidden">
                {isMet ? t.password.ruleMet : t.password.ruleNotMet}
              </span>
            </span>
          </li>
        )
      })}
      {isGuessable && (
        <li
          className="password-checklist__rule password-checklist__rule--invalid"
          data-rule="guessable"
          data-met={false}
        >
          <InfoIcon />
          <span>
            {t.validation.passwordGuessable}
            <span className="visually-hidden">{t.password.ruleNotMet}</span>
          </span>
        </li>
      )}
    </ul>
  )
}
