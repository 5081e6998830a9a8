import * as z from 'zod/mini'

// Calls of this service that the specification leaves to "global settings": where the
// browser goes when it leaves the portal. The service builds the address so that nothing
// in the browser picks a host and the hand-off is issued only to a session that earned it.

/**
 * POST /api/portal/handoff. `landing`: the program's landing page (MFA status MyAccount1,
 * spec §4) instead of the main site's login.
 */
export const HandoffRequestSchema = z._default(
  z.strictObject({ target: z._default(z.enum(['login', 'landing']), 'login') }),
  { target: 'login' },
)
export const HandoffResponseSchema = z.object({ url: z.string() })
export type HandoffResponse = z.infer<typeof HandoffResponseSchema>

/**
 * GET /api/portal/session and POST /api/portal/session/keep-alive (issue 27, WCAG 2.2.1): the
 * seconds before the sign-in ends for inactivity, and how long before that the portal warns.
 */
export const SessionTimeSchema = z.object({
  secondsLeft: z.number().check(z.int(), z.nonnegative()),
  warnBeforeSeconds: z.number().check(z.int(), z.nonnegative()),
})
export type SessionTime = z.infer<typeof SessionTimeSchema>

/** The usweb hand-off payload: base64 of this JSON in the `data` query parameter (spec §4). */
export const UswebHandoffDataSchema = z.object({
  username: z.string(),
  password: z.string(),
  custnumber: z.string(),
  prgName: z.string(),
  promoReqCode: z.optional(z.string()),
  ASSOCIATION: z.optional(z.string()),
})
export type UswebHandoffData = z.infer<typeof UswebHandoffDataSchema>

/** Problem answer for 4xx/5xx: a short message, never a stack trace. */
export const ErrorResponseSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    /** The message's key in the catalogue (message-keys.ts): how the portal shows it translated. */
    messageKey: z.optional(z.string()),
    /** Input problems: each field with the contract's message for it. */
    fields: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
  })
  .register(z.globalRegistry, { id: 'Problem' })
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>
