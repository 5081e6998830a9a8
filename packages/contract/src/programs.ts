// The program catalogue (spec §1, §9). Everything that differs by program lives here;
// code asks `programOf(code).x`, never `if (prgName === 'cabar')`.

/** The two application flavours; every name each goes by is in flavours.ts. */
export const flavourNames = ['usweb', 'pl'] as const
export type Flavour = (typeof flavourNames)[number]

export const programCodes = [
  'bclip',
  'fidbond',
  'equipmentrenew',
  'augustar',
  'dtcria',
  'dtcmyaccount',
  'dtcpnc',
  'dtclifeagents',
  'cabar',
  'proliability',
] as const
export type ProgramCode = (typeof programCodes)[number]

/**
 * What the portal's screens and the service both read of a program. The rules only the service
 * applies are in `programRules` below, a table of their own: the portal's pages do not carry
 * them (decision 0013, issue 45).
 */
export interface Program {
  code: ProgramCode
  /** The code the back office knows the program by (augustar is also called onl). */
  serviceCode: string
  flavour: Flavour
  displayName: string
  /** The insurer named on the pl login ("premium coverage is provided by"). */
  insurerName: string | null
  /** velLevel1Org / level1Org sent with logins and lookups. */
  level1Org: string
  defaultAssociation: string
  /** Agents type a six-digit Agent Number (augustar/onl); other customers an Account Number. */
  customerNumberKind: 'agent' | 'account'
  /** The registration / recovery label of the customer number. */
  accountLabel: 'Agent Number' | 'Account Number'
  /** Agent numbers are six digits sent with the prefix ASF (spec §5). */
  customerNumberPrefix: string
  /** How the header writes the customer-service phone (spec §9). */
  phonePrefix: '1.' | '1-' | ''
  hasLiveChat: boolean
  /** augustar's Policy Highlights and Premiums panel on the login screen. */
  hasPolicyHighlights: boolean
  /** Customer-service email shown in the pl header. */
  serviceEmail: string | null
}

/** What only the service applies of a program: its login rules and its hand-off. */
export interface ProgramRules {
  /** Association by the customer's level2org (equipmentrenew: 2836 means AFM, spec §4). */
  associationsByLevel2Org: Readonly<Record<string, string>>
  /** Where the main site's own login lives, relative to the main site: `{program}/login`. */
  mainSiteLoginPath: string
  /** Program landing after verification when the MFA status is MyAccount1 (spec §4). */
  landingPath: string | null
  /** cabar's business promo code sent in the hand-off (spec §4, §9). */
  promoCode: string | null
  /** Login rules of spec §4: only these tax ids may sign in (dtcmyaccount: 172, 173). */
  allowedTaxIds: readonly string[] | null
  /** Customers of status 'i' are ineligible (augustar: E&O insurance). */
  isIneligibleStatusBlocked: boolean
  /**
   * Customers of status 'i' may not open an account. Wider than the login rule on purpose:
   * registration turns status 'i' away for every program, login only where
   * `isIneligibleStatusBlocked`.
   */
  isIneligibleStatusBlockedAtRegistration: boolean
  /** Customer classes that cannot use the site (cabar: subp, clients of brokers). */
  blockedCustclasses: readonly string[]
  /**
   * How the program's main site takes the signed-in member (issue 44): the specification's
   * hand-off (§4), or OpenID Connect through the site registered for the program
   * (`portal-admin oidc-site`). PROGRAM_HANDOFF may say otherwise for one deployment.
   */
  handoff: HandoffWay
}

/** The ways a program's site takes the member: the spec's hand-off, or OpenID Connect. */
export const handoffWays = ['spec', 'openid-connect'] as const
export type HandoffWay = (typeof handoffWays)[number]

const usweb = {
  flavour: 'usweb',
  level1Org: '100',
  defaultAssociation: 'NA',
  customerNumberKind: 'account',
  accountLabel: 'Account Number',
  customerNumberPrefix: '',
  phonePrefix: '',
  hasLiveChat: false,
  hasPolicyHighlights: false,
  serviceEmail: null,
  insurerName: null,
} as const satisfies Partial<Program>

export const programs: Record<ProgramCode, Program> = {
  bclip: {
    ...usweb,
    code: 'bclip',
    serviceCode: 'bclip',
    displayName: 'Business & Commercial Liability Insurance Program',
  },
  fidbond: {
    ...usweb,
    code: 'fidbond',
    serviceCode: 'fidbond',
    displayName: 'Fidelity Bond Program',
    level1Org: '200',
  },
  equipmentrenew: {
    ...usweb,
    code: 'equipmentrenew',
    serviceCode: 'equipmentrenew',
    displayName: 'Equipment Insurance Renewal Program',
  },
  augustar: {
    ...usweb,
    code: 'augustar',
    serviceCode: 'onl',
    displayName: 'AuguStar Agents Errors & Omissions Program',
    customerNumberKind: 'agent',
    accountLabel: 'Agent Number',
    customerNumberPrefix: 'ASF',
    phonePrefix: '1.',
    hasPolicyHighlights: true,
  },
  dtcria: {
    ...usweb,
    code: 'dtcria',
    serviceCode: 'dtcria',
    displayName: 'DTC Registered Investment Advisers Program',
    phonePrefix: '1-',
    hasLiveChat: true,
  },
  dtcmyaccount: {
    ...usweb,
    code: 'dtcmyaccount',
    serviceCode: 'dtcmyaccount',
    displayName: 'DTC My Account',
    phonePrefix: '1-',
    hasLiveChat: true,
  },
  dtcpnc: {
    ...usweb,
    code: 'dtcpnc',
    serviceCode: 'dtcpnc',
    displayName: 'DTC Property & Casualty Program',
    phonePrefix: '1-',
    hasLiveChat: true,
  },
  dtclifeagents: {
    ...usweb,
    code: 'dtclifeagents',
    serviceCode: 'dtclifeagents',
    displayName: 'DTC Life Agents Program',
    phonePrefix: '1-',
    hasLiveChat: true,
  },
  cabar: {
    ...usweb,
    code: 'cabar',
    serviceCode: 'cabar',
    displayName: 'California Bar Lawyers Professional Liability Renewal',
    level1Org: '168',
  },
  proliability: {
    ...usweb,
    code: 'proliability',
    serviceCode: 'proliability',
    flavour: 'pl',
    displayName: 'Professional Liability (Errors & Omissions)',
    level1Org: '110',
    serviceEmail: 'service@proliability.example',
    insurerName: 'Pacific Indemnity Mutual Insurance Company',
  },
}

const spec = {
  associationsByLevel2Org: {},
  landingPath: null,
  promoCode: null,
  allowedTaxIds: null,
  isIneligibleStatusBlocked: false,
  isIneligibleStatusBlockedAtRegistration: true,
  blockedCustclasses: [],
  handoff: 'spec',
} as const satisfies Partial<ProgramRules>

/**
 * Each program's rules that only the service applies (`programRulesOf`). The portal never
 * imports them, so its pages, built from the contract, do not carry them (issue 45).
 */
export const programRules: Record<ProgramCode, ProgramRules> = {
  bclip: { ...spec, mainSiteLoginPath: 'bclip/login' },
  fidbond: { ...spec, mainSiteLoginPath: 'fidbond/login' },
  equipmentrenew: {
    ...spec,
    mainSiteLoginPath: 'equipmentrenew/login',
    associationsByLevel2Org: { '2836': 'AFM' },
    landingPath: 'equipmentrenew/policyHoldermenu',
  },
  augustar: {
    ...spec,
    mainSiteLoginPath: 'augustar/login',
    landingPath: 'augustar/homePage',
    isIneligibleStatusBlocked: true,
  },
  dtcria: { ...spec, mainSiteLoginPath: 'dtcria/login' },
  dtcmyaccount: {
    ...spec,
    mainSiteLoginPath: 'dtcmyaccount/login',
    landingPath: 'dtcmyaccount/MyAccount1',
    allowedTaxIds: ['172', '173'],
  },
  dtcpnc: { ...spec, mainSiteLoginPath: 'dtcpnc/login' },
  dtclifeagents: { ...spec, mainSiteLoginPath: 'dtclifeagents/login' },
  cabar: {
    ...spec,
    mainSiteLoginPath: 'cabar/login',
    landingPath: 'cabar/myaccount',
    promoCode: 'CA114',
    blockedCustclasses: ['subp'],
  },
  proliability: { ...spec, mainSiteLoginPath: 'proliability/login' },
}

export function isProgramCode(value: unknown): value is ProgramCode {
  return typeof value === 'string' && (programCodes as readonly string[]).includes(value)
}

export function isFlavour(value: unknown): value is Flavour {
  return typeof value === 'string' && (flavourNames as readonly string[]).includes(value)
}

export function programOf(code: ProgramCode): Program {
  return programs[code]
}

/** The rules the service applies for a program (its login rules, its hand-off). */
export function programRulesOf(code: ProgramCode): ProgramRules {
  return programRules[code]
}

/** Accepts a program code or a back-office alias (`onl` → augustar). */
export function findProgram(codeOrAlias: string): Program | undefined {
  const lower = codeOrAlias.toLowerCase()
  for (const p of programList) if (p.code === lower || p.serviceCode === lower) return p
  return undefined
}
// Read once: findProgram is on the path of every mailing-address and sign-in call.
const programList: readonly Program[] = Object.values(programs)

/** An Agent Number is six digits (spec §5). */
export const agentNumberLength = 6

/**
 * An Agent Number as agents have it (issue 27): 'ASF100002' as printed, '100002', with spaces
 * or dashes. The program's prefix in front is left out, then its digits only, at most six.
 */
export function agentNumberDigitsOf(program: Program, value: string): string {
  const typed = value.trim()
  const prefix = program.customerNumberPrefix
  const rest =
    prefix && typed.slice(0, prefix.length).toUpperCase() === prefix.toUpperCase()
      ? typed.slice(prefix.length)
      : typed
  return rest.replace(/\D/g, '').slice(0, agentNumberLength)
}

/**
 * The number the service knows (spec §5: the program's prefix and the typed value), the same
 * on both sides: an agent program's Agent Number normalised as above, any other as typed.
 */
export function customerNumberFor(program: Program, value: string): string {
  const typed =
    program.customerNumberKind === 'agent' ? agentNumberDigitsOf(program, value) : value.trim()
  return `${program.customerNumberPrefix}${typed}`
}

/**
 * A customer number as the recovery by number sends it, with an agent program's prefix:
 * 'asf 100-002' → 'ASF100002'. Any other value is returned as it came.
 */
export function normalisedCustomerNumber(value: string): string {
  const agentProgram = Object.values(programs).find(
    (p) =>
      p.customerNumberKind === 'agent' &&
      value.trim().toUpperCase().startsWith(p.customerNumberPrefix.toUpperCase()),
  )
  return agentProgram ? customerNumberFor(agentProgram, value) : value
}

/** The program whose level1Org matches, for calls that carry only velLevel1Org. */
export function programsWithLevel1Org(level1Org: string): Program[] {
  return Object.values(programs).filter((p) => p.level1Org === level1Org)
}

// Longest codes first so that 'dtcmyaccount' wins over a shorter code it contains.
const codesByLength = [...programCodes].sort((a, b) => b.length - a.length)

/**
 * Spec §1: the program is chosen from the page address. An explicit `prgName` query
 * parameter wins; otherwise the first program code found anywhere in the address.
 */
export function programFromAddress(pathname: string, search: string): ProgramCode | undefined {
  const named = new URLSearchParams(search).get('prgName')?.toLowerCase()
  if (named) {
    const program = findProgram(named)
    if (program) return program.code
  }
  const address = pathname.toLowerCase()
  return codesByLength.find((code) => address.includes(code))
}

/** The header phone number as the program writes it: '1.800.555.0100', '1-800-555-0100'. */
export function formatProgramPhone(code: ProgramCode, phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')
  if (digits.length !== 10) return phone
  const [a, b, c] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)]
  const prefix = programOf(code).phonePrefix
  if (prefix === '1.') return `1.${a}.${b}.${c}`
  if (prefix === '1-') return `1-${a}-${b}-${c}`
  return `${a}-${b}-${c}`
}

/** The customer's association: AFM for equipmentrenew level2org 2836, otherwise NA. */
export function associationOf(code: ProgramCode, level2org: string | null | undefined): string {
  return (
    (level2org && programRulesOf(code).associationsByLevel2Org[level2org]) ||
    programOf(code).defaultAssociation
  )
}

/**
 * Spec §4 "Program rules at login": may this customer sign in at this program's login?
 * A customer signs in only at their own program (which covers a fidbond customer or an
 * augustar membership on dtcmyaccount), then the program's own rules apply.
 */
export type CustomerVerdict = 'allowed' | 'mismatch' | 'ineligible' | 'brokerClient'

export interface CustomerFacts {
  kprogName: string
  status?: string | null
  custclass?: string | null
  taxId?: string | null
}

export function customerVerdict(
  loginProgram: ProgramCode,
  customer: CustomerFacts,
): CustomerVerdict {
  if (findProgram(customer.kprogName)?.code !== loginProgram) return 'mismatch'
  const program = programRulesOf(loginProgram)
  if (program.allowedTaxIds && !program.allowedTaxIds.includes(customer.taxId ?? '')) {
    return 'mismatch'
  }
  if (program.isIneligibleStatusBlocked && customer.status === 'i') return 'ineligible'
  if (customer.custclass && program.blockedCustclasses.includes(customer.custclass)) {
    return 'brokerClient'
  }
  return 'allowed'
}
