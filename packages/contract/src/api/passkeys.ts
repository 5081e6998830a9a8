// Passkeys (issue 23): the calls under /api/passkeys. The WebAuthn options and responses are
// the JSON forms of the W3C Web Authentication API (Level 3, §5.1.8-§5.1.10), as
// @simplewebauthn/browser hands them over; the service judges their content, these schemas
// only their shape and size.
import * as z from 'zod/mini'

const base64url = (max: number) => z.string().check(z.maxLength(max), z.regex(/^[A-Za-z0-9_-]*$/))
const transports = z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(8)))

/** The calls that read nothing: no body, or an empty JSON object. */
export const PasskeyNoInputSchema = z.nullish(z.strictObject({}))

/** The options a browser passes to navigator.credentials.create() or .get(). */
export const PasskeyOptionsSchema = z.looseObject({
  challenge: z.string(),
  timeout: z.optional(z.number()),
})

/** A credential as the browser hands it over, around one ceremony's `response`. */
const credentialJson = <R extends z.core.SomeType>(response: R) =>
  z.strictObject({
    response: z.looseObject({
      id: base64url(1024),
      rawId: base64url(1024),
      type: z.literal('public-key'),
      response,
      clientExtensionResults: z.optional(z.looseObject({})),
    }),
  })

/** What navigator.credentials.create() answered, as JSON (RegistrationResponseJSON). */
export const PasskeyRegistrationSchema = credentialJson(
  z.looseObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    transports,
  }),
)

/** What navigator.credentials.get() answered, as JSON (AuthenticationResponseJSON). */
export const PasskeyAssertionSchema = credentialJson(
  z.looseObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(4096),
    userHandle: z.optional(base64url(256)),
  }),
)

/** A passkey as its owner and support see it: never the key. Dates are ISO 8601. */
export const PasskeySchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
})
export type Passkey = z.infer<typeof PasskeySchema>

export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) })

/** Whether the signed-in member has a passkey to offer on the verification step. */
export const PasskeyStatusSchema = z.object({ hasPasskey: z.boolean() })

export const PasskeyRemoveSchema = z.strictObject({ id: z.number().check(z.int(), z.positive()) })
