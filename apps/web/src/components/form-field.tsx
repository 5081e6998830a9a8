import type { ReactNode } from 'react'

/** Attributes that tie an input to its error message. */
export function describedByError(id: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const
}

interface FormFieldProps {
  id: string
  label: string
  error: string | undefined
  children: ReactNode
}

/** A label, its control and the control's error message (spread `describedByError` on the control). */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}
