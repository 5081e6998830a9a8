import * as z from 'zod/mini'
import { newPasswordSchema, passwordLoginSchema, usernameLoginSchema } from '../rules.ts'
import { defineModel, requestOf } from './models.ts'

const text = (max: number) => z.string().check(z.maxLength(max))
const level1Org = z.string().check(z.regex(/^\d{1,6}$/))

/** The login form of spec §7 (authenticate): userName, password, velLevel1Org. */
export const authenticateFormModel = defineModel('login form', {
  userName: text(50),
  password: text(50),
  velLevel1Org: text(6),
})

/** POST /api/us-web-authentication/authenticate, form-encoded (spec §7). */
export const AuthenticateFormSchema = requestOf(authenticateFormModel, {
  userName: usernameLoginSchema,
  password: passwordLoginSchema,
  velLevel1Org: level1Org,
})
export type AuthenticateForm = z.infer<typeof AuthenticateFormSchema>

/** Status 201 carries the message of spec §4; any message not listed there means success. */
export const AuthenticateResponseSchema = z.object({
  message: z.string(),
  temporaryPassword: z.optional(z.boolean()),
})
export type AuthenticateResponse = z.infer<typeof AuthenticateResponseSchema>

/**
 * POST /api/us-web-authentication/authenticateForPLWithValidations, form-encoded: the pl
 * variant of the login form. The pl login page fixes the program (level1Org 110), so a
 * velLevel1Org sent with it is accepted and not read.
 */
export const PlAuthenticateFormSchema = requestOf(authenticateFormModel, {
  userName: usernameLoginSchema,
  password: passwordLoginSchema,
})

/** The login request (authorize) of spec §3: username, password, velLevel1Org, rememberMe. */
export const loginRequestModel = defineModel('login request', {
  username: text(50),
  password: text(50),
  velLevel1Org: text(6),
  /** null in pl (spec §3); a flag elsewhere. */
  rememberMe: z.union([z.boolean(), text(5)]),
})

/**
 * POST /api/login (JSON): the pl login, whose answer is spec §3's "pl login response". The
 * program is pl's (level1Org 110) and a login never outlives the session: velLevel1Org and
 * rememberMe are accepted and not read.
 */
export const LoginRequestSchema = requestOf(loginRequestModel, {
  username: usernameLoginSchema,
  password: passwordLoginSchema,
})
export const LoginResponseSchema = z.object({
  authenticated: z.boolean(),
  temporaryPassword: z.boolean(),
})
export type LoginResponse = z.infer<typeof LoginResponseSchema>

/** The form login of spec §3: j_username, j_password, remember-me, submit, level1org. */
export const formLoginModel = defineModel('form login', {
  j_username: text(50),
  j_password: text(50),
  'remember-me': text(10),
  submit: text(50),
  level1org: text(6),
})

/** POST /api/authentication. remember-me and submit are accepted and not read. */
export const FormLoginSchema = requestOf(formLoginModel, {
  j_username: usernameLoginSchema,
  j_password: passwordLoginSchema,
  level1org: z.optional(level1Org),
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
