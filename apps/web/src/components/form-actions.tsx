import { Link } from 'react-router'

interface FormActionsProps {
  loginPath: string
  returnLabel: string
  submitLabel: string
}

/** The row under a form: submit first, then back to the program's login. */
export function FormActions({ loginPath, returnLabel, submitLabel }: FormActionsProps) {
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary">
        {submitLabel}
      </button>
      <Link className="button button--secondary" to={loginPath}>
        {returnLabel}
      </Link>
    </div>
  )
}
