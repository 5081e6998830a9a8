// Site-wide facts of the usweb footer (spec §1): the sponsoring association and the
// consulting firm. Per-program facts (logo, insurer) live in the contract's catalogue.
// All names and numbers are fictional.
import type { ProgramCode } from '@portal/contract'

/** The sponsoring association shown in the usweb footer (spec §1). */
export const association = {
  legalName: 'Association Insurance Services, Inc.',
  rightsReservedSince: 2018,
  websiteSince: 2024,
  licences: [
    { state: 'Arkansas', number: '100123456' },
    { state: 'California', number: '0I12345' },
  ],
} as const

/** The consulting firm credited in the usweb footer, with its 200×60 logo box. */
export const consultingFirm = {
  name: 'Lumen Ridge Consulting',
  slogan: 'Clear thinking for complex risk.',
} as const

/** The outline of a program's mark: each program is recognisable by shape as well as colour. */
export type MarkShape = 'shield' | 'seal' | 'square' | 'star' | 'hexagon' | 'diamond' | 'roundel'

/**
 * Each program's mark and colour (issue 27; the screens review: "every program is the same
 * template recoloured"). Original marks drawn for this portal: a shape of the program's own
 * with its monogram, beside its short name. The colour carries the header rule, the buttons,
 * the links, the header's phone number and the focus ring; white text on it has at least
 * 4.5:1 contrast, at rest and on hover (brand.test.ts). The program catalogue
 * (@portal/contract programs.ts) keeps what programs do; how they look is the portal's.
 */
export interface ProgramBrand {
  monogram: string
  wordmark: string
  shape: MarkShape
  colour: string
  /** The buttons' hover colour: the brand colour darkened. */
  hover: string
}

export const programBrands = {
  bclip: {
    monogram: 'BC',
    wordmark: 'BCLIP',
    shape: 'shield',
    colour: '#0b4f8a',
    hover: '#083d6b',
  },
  fidbond: {
    monogram: 'FB',
    wordmark: 'Fidelity Bond',
    shape: 'seal',
    colour: '#5b3a8c',
    hover: '#462d6d',
  },
  equipmentrenew: {
    monogram: 'EQ',
    wordmark: 'Equipment Renew',
    shape: 'square',
    colour: '#1d6b4f',
    hover: '#16533d',
  },
  augustar: {
    monogram: 'AS',
    wordmark: 'AuguStar E&O',
    shape: 'star',
    colour: '#9a4215',
    hover: '#783310',
  },
  dtcria: {
    monogram: 'RIA',
    wordmark: 'DTC RIA',
    shape: 'hexagon',
    colour: '#0e5a6b',
    hover: '#0a4653',
  },
  dtcmyaccount: {
    monogram: 'MY',
    wordmark: 'DTC My Account',
    shape: 'roundel',
    colour: '#8a2c5c',
    hover: '#6f2249',
  },
  dtcpnc: {
    monogram: 'PC',
    wordmark: 'DTC P&C',
    shape: 'diamond',
    colour: '#4d5b12',
    hover: '#3c470e',
  },
  dtclifeagents: {
    monogram: 'LA',
    wordmark: 'DTC Life Agents',
    shape: 'square',
    colour: '#6b4e00',
    hover: '#553c00',
  },
  cabar: {
    monogram: 'CB',
    wordmark: 'CalBar Renewal',
    shape: 'seal',
    colour: '#7a1f2b',
    hover: '#5f1821',
  },
  proliability: {
    monogram: 'PL',
    wordmark: 'ProLiability',
    shape: 'shield',
    colour: '#1d3557',
    hover: '#162943',
  },
} as const satisfies Record<ProgramCode, ProgramBrand>

export function brandOf(code: ProgramCode): ProgramBrand {
  return programBrands[code]
}
