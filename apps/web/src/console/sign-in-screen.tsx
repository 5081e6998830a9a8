// Staff sign-in: password, then the code emailed to the staff address.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { consoleTexts, type ConsoleStaff } from '@portal/contract/console'
import { TextField } from '../components/text-field.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { consoleApi } from './console-api.ts'
import { Banner } from './console-parts.tsx'

interface Props {
  /** Why the visitor is here (signed out, session ended), if they were signed in before. */
  notice: string | null
  onSignedIn(staff: ConsoleStaff): void
}

export function SignInScreen({ notice, onSignedIn }: Props) {
  const [step, setStep] = useState<'password' | 'code'>('password')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [info, setInfo] = useState<string | null>(notice)
  const [isBusy, setBusy] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  useDocumentTitle(step === 'password' ? consoleTexts.signInHeading : consoleTexts.codeHeading)

  useEffect(() => {
    heading.current?.focus()
  }, [step])

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault()
    if (isBusy) return
    setBusy(true)
    const answer = await consoleApi.signIn(email.trim(), password)
    setBusy(false)
    setPassword('')
    if (!answer.ok) return setProblem(answer.message)
    setProblem(null)
    setInfo(answer.data.message)
    setStep('code')
  }

  const submitCode = async (event: FormEvent) => {
    event.preventDefault()
    if (isBusy) return
    setBusy(true)
    const answer = await consoleApi.verify(code.trim())
    setBusy(false)
    if (!answer.ok) {
      setProblem(answer.message)
      if (answer.status === 401) {
        setCode('')
        setStep('password')
      }
      return
    }
    onSignedIn(answer.data)
  }

  return (
    <div className="card console-sign-in">
      <h1 className="card__title" ref={heading} tabIndex={-1}>
        {step === 'password' ? consoleTexts.signInHeading : consoleTexts.codeHeading}
      </h1>
      <Banner message={problem} />
      {info && <p className="card__intro">{info}</p>}
      {step === 'password' ? (
        <form onSubmit={submitPassword} className="console-form">
          <TextField
            id="staff-email"
            label="Staff email address"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {/* A plain password input: no show/hide toggle on the desk's sign-in. */}
          <TextField
            id="staff-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className="button button--primary button--block" disabled={isBusy}>
            Continue
          </button>
        </form>
      ) : (
        <form onSubmit={submitCode} className="console-form">
          <TextField
            id="staff-code"
            label="Code from the email"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <button type="submit" className="button button--primary button--block" disabled={isBusy}>
            Sign in
          </button>
        </form>
      )}
    </div>
  )
}
