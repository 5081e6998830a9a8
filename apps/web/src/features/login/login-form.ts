// The login form's fields (spec §5 "Login"), judged by the contract's rules. Loaded on the
// form's first check (lib/lazy-resolver.ts), so the login page opens without zod.
import * as z from 'zod/mini'
import { passwordLoginSchema, usernameLoginSchema } from '@portal/contract'

export const LoginFormSchema = z.object({
  userName: usernameLoginSchema,
  password: passwordLoginSchema,
})

export type LoginFormValues = z.infer<typeof LoginFormSchema>
