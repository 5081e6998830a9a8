import { z } from 'zod'

/** GET /api/customer-api/getPOMailingAddress/{program} */
export const MailingAddressSchema = z.object({ PHONE: z.string() })
export type MailingAddress = z.infer<typeof MailingAddressSchema>
