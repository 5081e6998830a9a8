// The login form's fields (spec §5 "Login"), judged by the contract's rules. Loaded on the
// form's first check (lib/lazy-resolver.ts), so the login page opens without zod.
import * as z from 'zod/mini'
import { fieldRules } from '../../lib/forms/form-schemas.ts'

/** The form's schema, its messages in the page's language (issue 43). */
export function loginFormSchema() {
  const rules = fieldRules()
  return z.object({ userName: rules.usernameLogin, password: rules.passwordLogin })
}

export type LoginFormValues = z.infer<ReturnType<typeof loginFormSchema>>
