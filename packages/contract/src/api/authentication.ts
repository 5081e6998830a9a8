import { z } from 'zod'
import { passwordLoginSchema, usernameLoginSchema } from '../rules.ts'

/** POST /api/us-web-authentication/authenticate, form-encoded (spec §7). */
export const AuthenticateFormSchema = z.object({
  userName: usernameLoginSchema,
  password: passwordLoginSchema,
  velLevel1Org: z.string().regex(/^\d{1,6}$/),
})
export type AuthenticateForm = z.infer<typeof AuthenticateFormSchema>

/** Status 201 carries the message of spec §4; any message not listed there means success. */
export const AuthenticateResponseSchema = z.object({
  message: z.string(),
  temporaryPassword: z.boolean().optional(),
})
export type AuthenticateResponse = z.infer<typeof AuthenticateResponseSchema>
