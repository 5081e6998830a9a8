import { useCallback, useState, type ComponentPropsWithRef } from 'react'
// Its styles (password-input.css) are in the page's stylesheet: main.tsx imports them (issue 45).
import { t } from '../i18n/texts.ts'

type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  id: string
  /** What the toggle shows or hides, completing its name ('Show password'). */
  toggleTarget?: string
}

/** A password field with a show/hide toggle (spec §2 screens 1, 3, 15). */
export function PasswordInput({
  className,
  ref,
  toggleTarget = t.frame.common.passwordToggleTarget,
  ...inputProps
}: PasswordInputProps) {
  const [isShown, setShown] = useState(false)

  // SECURITY: the password is masked again when its form is submitted, so that a browser
  // never keeps a shown password in its plain-text form history.
  const attach = useCallback(
    (input: HTMLInputElement | null) => {
      if (typeof ref === 'function') ref(input)
      else if (ref) ref.current = input
      const form = input?.form
      if (!form) return
      const hide = () => setShown(false)
      form.addEventListener('submit', hide)
      return () => {
        form.removeEventListener('submit', hide)
        if (typeof ref === 'function') ref(null)
        else if (ref) ref.current = null
      }
    },
    [ref],
  )

  return (
    // The outer box is measured (a container query): when the field would be narrower than
    // about 12 characters beside the toggle, the toggle goes under it (issue 43, 200 % text).
    <div className="password-input">
      <div className="password-input__row">
        <input
          {...inputProps}
          ref={attach}
          className={['input', 'password-input__field', className].filter(Boolean).join(' ')}
          type={isShown ? 'text' : 'password'}
        />
        <button
          type="button"
          className="password-input__toggle"
          aria-pressed={isShown}
          aria-controls={inputProps.id}
          onClick={() => setShown((shown) => !shown)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
            {isShown && (
              <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          {/* The name comes from the text (not aria-label) so it always contains what is shown. */}
          <span>
            {isShown ? t.frame.common.hide : t.frame.common.show}
            <span className="visually-hidden"> {toggleTarget}</span>
          </span>
        </button>
      </div>
    </div>
  )
}
