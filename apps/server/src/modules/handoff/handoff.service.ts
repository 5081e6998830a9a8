// Spec §4 "Hand-off when MFA completes": where the browser goes when it leaves the portal.
import { createCipheriv, randomBytes } from 'node:crypto'
import { isProgramCode, programOf, type ProgramCode, type UswebHandoffData } from '@portal/contract'
import type { auditRepo } from '../../store/audit.repo.ts'
import type { UserRow } from '../../store/users.repo.ts'

interface Deps {
  audit: ReturnType<typeof auditRepo>
  mainSiteUrl: string
  plPolicyAppUrl: string
  plHandoffKey: Buffer
}

export interface HandoffInput {
  program: string
  username: string
  password: string
  custnum: string
  /** The association bound to the sign-in with the program verdict. */
  association: string
  /** The main site's login, or the program landing (MFA status MyAccount1). */
  target: 'login' | 'landing'
}

export function handoffService({ audit, mainSiteUrl, plPolicyAppUrl, plHandoffKey }: Deps) {
  return {
    async recordIssued(user: UserRow, program: string, clientIp: string): Promise<void> {
      await audit.record({
        event: 'handoff.issued',
        userId: user.id,
        username: user.username,
        clientIp,
        detail: { program },
      })
    },

    async urlFor(input: HandoffInput): Promise<string> {
      const code: ProgramCode = isProgramCode(input.program) ? input.program : 'bclip'
      const program = programOf(code)
      if (program.flavour === 'pl') return plUrl(plPolicyAppUrl, plHandoffKey, input.username)
      const data: UswebHandoffData = {
        username: input.username,
        password: input.password,
        custnumber: input.custnum,
        prgName: code,
      }
      if (program.promoCode) data.promoReqCode = program.promoCode
      if (input.association !== program.defaultAssociation) data.ASSOCIATION = input.association
      const encoded = Buffer.from(JSON.stringify(data), 'utf8').toString('base64')
      const path =
        input.target === 'landing' && program.landingPath
          ? program.landingPath
          : program.mainSiteLoginPath
      return `${mainSiteUrl}#/${path}?data=${encodeURIComponent(encoded)}`
    },
  }
}

/**
 * The pl policy application expects the username AES-encrypted (CBC, PKCS#7) with a fresh
 * 16-byte initialisation vector, both base64 and URL-encoded. SECURITY: the key stays on the
 * service (the original portal shipped it to the browser).
 */
function plUrl(base: string, key: Buffer, username: string): string {
  const iv = randomBytes(16)
  const cipher = createCipheriv(`aes-${key.length * 8}-cbc`, key, iv)
  const encrypted = Buffer.concat([cipher.update(username, 'utf8'), cipher.final()])
  const query = new URLSearchParams({
    loginRedirect: 'y',
    customerName: encrypted.toString('base64'),
    initVectorLogin: iv.toString('base64'),
  })
  return `${base}?${query.toString()}`
}
