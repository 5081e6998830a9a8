import * as z from 'zod/mini'
import { newPasswordSchema, passwordLoginSchema, usernameLoginSchema } from '../rules.ts'

/** POST /api/us-web-authentication/authenticate, form-encoded (spec §7). */
export const AuthenticateFormSchema = z.strictObject({
  userName: usernameLoginSchema,
  password: passwordLoginSchema,
  velLevel1Org: z.string().check(z.regex(/^\d{1,6}$/)),
})
export type AuthenticateForm = z.infer<typeof AuthenticateFormSchema>

/** Status 201 carries the message of spec §4; any message not listed there means success. */
export const AuthenticateResponseSchema = z.object({
  message: z.string(),
  temporaryPassword: z.optional(z.boolean()),
})
export type AuthenticateResponse = z.infer<typeof AuthenticateResponseSchema>

/** POST /api/us-web-authentication/authenticateForPLWithValidations, form-encoded. */
export const PlAuthenticateFormSchema = z.strictObject({
  userName: usernameLoginSchema,
  password: passwordLoginSchema,
})

/** POST /api/login (JSON): the pl login answer of spec §3. */
export const LoginRequestSchema = z.strictObject({
  username: usernameLoginSchema,
  password: passwordLoginSchema,
})
export const LoginResponseSchema = z.object({
  authenticated: z.boolean(),
  temporaryPassword: z.boolean(),
})
export type LoginResponse = z.infer<typeof LoginResponseSchema>

/** POST /api/authentication: the form login of spec §3. */
export const FormLoginSchema = z.strictObject({
  j_username: usernameLoginSchema,
  j_password: passwordLoginSchema,
  'remember-me': z.optional(z.string()),
  submit: z.optional(z.string()),
  level1org: z.optional(z.string().check(z.regex(/^\d{1,6}$/))),
})

/** GET /api/us-web-authentication/getUser: the identity of spec §3. */
export const IdentitySchema = z.object({
  firstName: z.string(),
  imageUrl: z.nullable(z.string()),
  authorities: z.array(z.string()),
})
export type Identity = z.infer<typeof IdentitySchema>

/** POST /api/us-web-authentication/updateTempPassword, form-encoded. */
export const UpdateTempPasswordFormSchema = z.strictObject({
  userName: usernameLoginSchema,
  password: newPasswordSchema,
})
export const UpdateTempPasswordResponseSchema = z.object({
  passwordUpdated: z.boolean(),
  temporaryPasswordFlagUpdated: z.boolean(),
  matchesPreviousEightPasswords: z.boolean(),
})
export type UpdateTempPasswordResponse = z.infer<typeof UpdateTempPasswordResponseSchema>
