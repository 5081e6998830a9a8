// The login form's state without react-hook-form (issue 45: its 11.6 KB brotli was an eighth
// of the login page's first load). The part of react-hook-form the login form used, done the
// same way: uncontrolled inputs read at submit, a resolver judging every field (the same lazy
// zod resolver, loaded on the first check), errors carrying their field's element (the banner
// links to it), the first wrong field focused, and each field judged again as it changes once
// the form has been submitted. Every other form keeps react-hook-form (decision 0013).
import { useRef, useState, type BaseSyntheticEvent, type ChangeEvent } from 'react'
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form'

type Values = Record<string, string>

export interface LoginFields<T extends Values> {
  /** The props of a field's input: its name, the element, and its change handler. */
  register: (name: keyof T & string) => {
    name: string
    ref: (element: HTMLInputElement | null) => void
    onChange: (event: ChangeEvent<HTMLInputElement>) => Promise<void>
  }
  /** A submit handler: valid values go to `onValid`, errors to `onInvalid`. */
  handleSubmit: (
    onValid: (values: T) => unknown,
    onInvalid: (errors: FieldErrors<T>) => unknown,
  ) => (event?: BaseSyntheticEvent) => Promise<void>
  /** A field's error from elsewhere (the service's answer). */
  setError: (name: keyof T & string, error: { type: string; message: string }) => void
  setValue: (name: keyof T & string, value: string) => void
  errors: FieldErrors<T>
}

export function useLoginFields<T extends Values>(
  resolver: Resolver<T>,
  defaultValues: T,
): LoginFields<T> {
  const names = Object.keys(defaultValues) as (keyof T & string)[]
  const elements = useRef(new Map<string, HTMLInputElement>())
  const filled = useRef(new WeakSet<HTMLInputElement>())
  const submitted = useRef(false)
  const [errors, setErrors] = useState<FieldErrors<T>>({})
  // The latest errors, for the focus that follows an invalid submit.
  const latest = useRef<FieldErrors<T>>({})
  const publish = (next: FieldErrors<T>) => {
    latest.current = next
    setErrors(next)
  }

  const values = () =>
    Object.fromEntries(
      names.map((name) => [name, elements.current.get(name)?.value ?? defaultValues[name]]),
    ) as T
  const judge = async () => {
    const fields = Object.fromEntries(
      names.map((name) => [name, { name, ref: elements.current.get(name) }]),
    )
    const result = await resolver(values(), undefined, {
      fields: fields as never,
      names: names as never,
      shouldUseNativeValidation: false,
    })
    return result.errors as FieldErrors<T>
  }
  const elementOf = (name: string) => elements.current.get(name)
  // As react-hook-form does: the first field (in the form's order) that has an error.
  const focusFirstError = () => {
    const name = names.find((field) => latest.current[field])
    elementOf(name ?? '')?.focus()
  }

  return {
    register: (name) => ({
      name,
      ref: (element) => {
        // React calls a new ref function on every render (null, then the element): only an
        // element not seen before takes the default value, and only when empty: on a login
        // page the service rendered (decision 0026) the member may have typed into it before
        // the page was hydrated, and that is kept.
        if (!element) return
        if (!filled.current.has(element) && element.value === '') {
          element.value = defaultValues[name] ?? ''
        }
        filled.current.add(element)
        elements.current.set(name, element)
      },
      // react-hook-form's reValidateMode 'onChange': after a submit, a changed field is judged
      // again and its error (only its own) follows.
      onChange: async () => {
        if (!submitted.current) return
        const found = (await judge())[name]
        if (found?.message === latest.current[name]?.message) return
        const others = Object.entries(latest.current).filter(([field]) => field !== name)
        publish(Object.fromEntries(found ? [...others, [name, found]] : others) as FieldErrors<T>)
      },
    }),
    handleSubmit: (onValid, onInvalid) => async (event) => {
      event?.preventDefault()
      const found = await judge()
      submitted.current = true
      if (Object.keys(found).length === 0) {
        publish({})
        await onValid(values())
        return
      }
      publish(found)
      await onInvalid(found)
      focusFirstError()
      setTimeout(focusFirstError)
    },
    setError: (name, error) => {
      const found: FieldError = { ...error, ref: elementOf(name) }
      publish({ ...latest.current, [name]: found })
    },
    setValue: (name, value) => {
      const element = elementOf(name)
      if (element) element.value = value
    },
    errors,
  }
}
