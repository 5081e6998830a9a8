// What registration step 1 hands to step 2: the router state of the navigation between them.
// It lives in the browser's history entry of this tab only, and holds no password.
import * as z from 'zod/mini'
import type { RegistrationDetails } from './registration-flow.ts'

const RegistrationStateSchema = z.object({
  registration: z.object({
    membershipCd: z.string().check(z.minLength(1)),
    firstName: z.nullable(z.string()),
    email: z.string().check(z.minLength(1)),
    phone: z.string().check(z.regex(/^\d{10}$/)),
  }),
})

export function registrationState(details: RegistrationDetails) {
  return { registration: details } satisfies z.input<typeof RegistrationStateSchema>
}

/** The step 1 details in a location's state, or null (state is whatever history holds). */
export function registrationDetailsOf(state: unknown): RegistrationDetails | null {
  const parsed = RegistrationStateSchema.safeParse(state)
  return parsed.success ? parsed.data.registration : null
}
