// Spec §4 "Hand-off when MFA completes": where the browser goes when it leaves the portal.
import {
  flavours,
  isProgramCode,
  programOf,
  programRulesOf,
  type ProgramCode,
  type UswebHandoffData,
} from '@portal/contract'
import type { Clock } from '../../lib/clock.ts'
import { sealPlToken, type PlTokenKeys } from './pl-token.ts'
import type { AuditEntry } from '../../store/audit.repo.ts'

interface Deps {
  mainSiteUrl: string
  plPolicyAppUrl: string
  plHandoffKeys: PlTokenKeys
  clock: Clock
}

export interface HandoffInput {
  program: string
  username: string
  /** The sealed password, opened: asked for by a usweb hand-off only (undefined: unopenable). */
  password: () => string | undefined
  custnum: string
  /** The association bound to the sign-in with the program verdict. */
  association: string
  /** The main site's login, or the program landing (MFA status MyAccount1). */
  target: 'login' | 'landing'
}

export function handoffService({ mainSiteUrl, plPolicyAppUrl, plHandoffKeys, clock }: Deps) {
  return {
    now: () => clock.now(),
    /**
     * The hand-off's audit entry, written by the statement that ends the session
     * (sign-in.ts `endFlow`): its user, username and detail ({ program }) are the session's.
     */
    issued(clientIp: string): AuditEntry {
      return { event: 'handoff.issued', clientIp }
    },

    /** The address; undefined when a usweb hand-off's sealed password cannot be opened. */
    async urlFor(input: HandoffInput): Promise<string | undefined> {
      const code: ProgramCode = isProgramCode(input.program)
        ? input.program
        : flavours.usweb.defaultProgram
      const program = programOf(code)
      const rules = programRulesOf(code)
      if (program.flavour === 'pl') {
        const token = sealPlToken(plHandoffKeys, input.username, clock.now())
        return `${plPolicyAppUrl}?${new URLSearchParams({ ...token }).toString()}`
      }
      // The only hand-off that carries the password (spec §4): opened here, never logged.
      const password = input.password()
      if (password === undefined) return undefined
      const data: UswebHandoffData = {
        username: input.username,
        password,
        custnumber: input.custnum,
        prgName: code,
      }
      if (rules.promoCode) data.promoReqCode = rules.promoCode
      if (input.association !== program.defaultAssociation) data.ASSOCIATION = input.association
      const encoded = Buffer.from(JSON.stringify(data), 'utf8').toString('base64')
      const path =
        input.target === 'landing' && rules.landingPath
          ? rules.landingPath
          : rules.mainSiteLoginPath
      return `${mainSiteUrl}#/${path}?data=${encodeURIComponent(encoded)}`
    },
  }
}
