// Demo data for `npm start` and the tests: for every program one customer with a web
// account and one without, plus the customers that exercise the program rules of spec §4.
// All names, numbers and addresses are fictional. Listed in the README.
import { programCodes, programOf, type ProgramCode } from '@portal/contract'

export const demoPassword = 'Portal#2026'

interface DemoCustomer {
  custnum: string
  program: ProgramCode
  cname: string
  firstName: string
  /** The web account, when the customer has one. */
  username?: string
  email: string
  phone: string
  status?: string
  custclass?: string
  level2org?: string
  taxId?: string
  membershipCd?: string
  kprogName?: string
  postalcode?: string
}

const prefixes: Record<ProgramCode, string> = {
  bclip: 'BC',
  fidbond: 'FB',
  equipmentrenew: 'ER',
  augustar: 'ASF',
  dtcria: 'RI',
  dtcmyaccount: 'MA',
  dtcpnc: 'PN',
  dtclifeagents: 'LA',
  cabar: 'CB',
  proliability: 'PL',
}

function customerNumber(program: ProgramCode, n: number): string {
  // Agent numbers are six digits, kept with the ASF prefix the registration sends (spec §5).
  return program === 'augustar' ? `ASF${100000 + n}` : `${prefixes[program]}${10000 + n}`
}

const standard: DemoCustomer[] = programCodes.flatMap((program, i) => {
  const tag = program.slice(0, 3).toUpperCase()
  const phoneSuffix = String(100 + i * 2).padStart(4, '0')
  const extra: Partial<DemoCustomer> = program === 'dtcmyaccount' ? { taxId: '172' } : {}
  return [
    {
      custnum: customerNumber(program, 1),
      program,
      cname: `${tag} Demo Holdings LLC`,
      firstName: 'Dana',
      username: `${program}_demo`,
      email: `${program}.demo@example.com`,
      phone: `555555${phoneSuffix}`,
      ...extra,
    },
    {
      custnum: customerNumber(program, 2),
      program,
      cname: `${tag} Newcomer Partners`,
      firstName: 'Nico',
      email: `${program}.new@example.com`,
      phone: `555556${phoneSuffix}`,
      ...extra,
    },
  ]
})

const ruleCases: DemoCustomer[] = [
  {
    custnum: customerNumber('equipmentrenew', 3),
    program: 'equipmentrenew',
    cname: 'AFM Member Equipment Co',
    firstName: 'Alex',
    username: 'equipmentrenew_afm',
    email: 'equipmentrenew.afm@example.com',
    phone: '5555570001',
    level2org: '2836',
  },
  {
    custnum: customerNumber('augustar', 3),
    program: 'augustar',
    cname: 'Ineligible Agency',
    firstName: 'Ivy',
    username: 'augustar_ineligible',
    email: 'augustar.ineligible@example.com',
    phone: '5555570002',
    status: 'i',
  },
  {
    custnum: customerNumber('cabar', 3),
    program: 'cabar',
    cname: 'Broker Client LLP',
    firstName: 'Bo',
    username: 'cabar_broker_client',
    email: 'cabar.broker@example.com',
    phone: '5555570003',
    custclass: 'subp',
  },
  {
    custnum: customerNumber('dtcmyaccount', 3),
    program: 'dtcmyaccount',
    cname: 'Wrong Tax Class Inc',
    firstName: 'Tess',
    username: 'dtcmyaccount_taxid',
    email: 'dtcmyaccount.taxid@example.com',
    phone: '5555570004',
    taxId: '999',
  },
]

export const demoCustomers: DemoCustomer[] = [...standard, ...ruleCases].map((c) => ({
  membershipCd: c.custnum,
  kprogName: programOf(c.program).serviceCode,
  postalcode: '60601',
  ...c,
}))

// Countries and the programs' phones are reference data, loaded in every mode; the demo
// names are kept for the tests that read them.
export {
  referenceCountries as demoCountries,
  initialProgramPhones as demoMailingPhones,
} from './reference-data.ts'
