// A staff member's own password (issue 31): current, new, and the new one again. Also the
// first thing a staff account created or reset by someone else sees (issue 32, A1): the
// service answers every other console call 403 until it is done. Changing it ends every
// console session, so the staff member signs in again with the new one.
import { useState, type FormEvent } from 'react'
import { consoleTexts, minStaffPasswordLength } from '@portal/contract/console'
import { TextField } from '../components/text-field.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { consoleApi } from './console-api.ts'
import { Banner } from './console-parts.tsx'

interface Props {
  /** The first sign-in of an account whose password someone else chose. */
  isRequired?: boolean
  /** The password is changed: the session is over (back to sign-in, with this message). */
  onChanged(message: string): void
  /** A 401: the session ended meanwhile. */
  onSessionEnded(): void
}

type Errors = Partial<Record<'current' | 'next' | 'confirm', string>>

export function PasswordScreen({ isRequired = false, onChanged, onSessionEnded }: Props) {
  const heading = isRequired ? consoleTexts.ownPasswordHeading : 'Change my password'
  useDocumentTitle(heading, 'Support console')
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (isBusy) return
    const found: Errors = {}
    if (!current) found.current = 'Please enter your current password.'
    if (next.length < minStaffPasswordLength) {
      found.next = `Use at least ${minStaffPasswordLength} characters.`
    }
    if (confirm !== next) found.confirm = consoleTexts.passwordsDiffer
    setErrors(found)
    if (Object.keys(found).length > 0) {
      setProblem('Please correct the fields below.')
      return
    }
    setBusy(true)
    const answer = await consoleApi.changePassword(current, next)
    setBusy(false)
    if (answer.ok) return onChanged(answer.data.message)
    if (answer.status === 401) return onSessionEnded()
    setCurrent('')
    if (answer.status === 403) setErrors({ current: answer.message })
    setProblem(answer.message)
  }

  return (
    <>
      <h1>{heading}</h1>
      {isRequired && (
        <p>
          Your account was set up (or its password reset) by someone else. Choose a password of your
          own to continue; the one you were given stops working.
        </p>
      )}
      <Banner message={problem} />
      <form className="console-form" onSubmit={submit} noValidate>
        <TextField
          id="staff-current-password"
          label={isRequired ? 'Password you were given' : 'Current password'}
          password={{ toggleTarget: 'current password' }}
          autoComplete="current-password"
          value={current}
          error={errors.current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          id="staff-new-password"
          label="New password"
          hint={`At least ${minStaffPasswordLength} characters.`}
          password={{ toggleTarget: 'new password' }}
          autoComplete="new-password"
          value={next}
          error={errors.next}
          onChange={(e) => setNext(e.target.value)}
        />
        <TextField
          id="staff-confirm-password"
          label="New password again"
          password={{ toggleTarget: 'new password again' }}
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={isBusy}>
          Change password
        </button>
      </form>
    </>
  )
}
