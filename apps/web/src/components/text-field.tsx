// One labelled field for every form: its label, an optional hint, its error message, and the
// aria wiring that ties them to the control (spec §5: messages shown by the field at fault).
import type { ComponentPropsWithRef, ReactNode } from 'react'
import { PasswordInput } from './password-input.tsx'
import { withUnbrokenNumbers } from './unbroken.tsx'

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merged with React's own
  interface InputHTMLAttributes<T> {
    /** Password rules a password manager follows when it suggests one (WHATWG proposal). */
    passwordrules?: string
  }
}

interface FieldParts {
  id: string
  hint?: ReactNode
  error?: string
  /** Further descriptions of the control (a password checklist). */
  describedBy?: string
}

/** The attributes that tie a control to its hint and error; every field is required. */
export function fieldAria({ id, hint, error, describedBy }: FieldParts) {
  const ids = [error && `${id}-error`, hint && `${id}-hint`, describedBy].filter(Boolean)
  return {
    'aria-required': true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  } as const
}

/** A label, a hint, a control and the control's error (spread `fieldAria` on the control). */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: FieldParts & {
  label: string
  children: ReactNode
}) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="form-field__hint" id={`${id}-hint`}>
          {typeof hint === 'string' ? withUnbrokenNumbers(hint) : hint}
        </p>
      )}
      {children}
      {error && (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

type TextFieldProps = FieldParts &
  Omit<ComponentPropsWithRef<'input'>, 'id'> & {
    label: string
    /** A password field with its show/hide toggle; the toggle's name ends with this. */
    password?: { toggleTarget?: string }
  }

/** A text (or password) input inside its `Field`. */
export function TextField({
  id,
  label,
  hint,
  error,
  describedBy,
  password,
  className,
  ...inputProps
}: TextFieldProps) {
  const aria = fieldAria({ id, hint, error, describedBy })
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {password ? (
        <PasswordInput id={id} toggleTarget={password.toggleTarget} {...aria} {...inputProps} />
      ) : (
        <input
          id={id}
          className={['input', className].filter(Boolean).join(' ')}
          {...aria}
          {...inputProps}
        />
      )}
    </Field>
  )
}
