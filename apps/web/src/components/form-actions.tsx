import { Link } from 'react-router'

interface FormActionsProps {
  loginPath: string
  returnLabel: string
  submitLabel: string
}

/** The row under a registration or recovery form: back to the program's login, and submit. */
export function FormActions({ loginPath, returnLabel, submitLabel }: FormActionsProps) {
  return (
    <div className="form-actions">
      <Link className="button button--secondary" to={loginPath}>
        {returnLabel}
      </Link>
      <button type="submit" className="button button--primary">
        {submitLabel}
      </button>
    </div>
  )
}
