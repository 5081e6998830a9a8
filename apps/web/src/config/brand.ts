// Site-wide facts of the usweb footer (spec §1): the sponsoring association and the
// consulting firm. Per-program facts (logo, insurer) live in the contract's catalogue.
// All names and numbers are fictional.

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
  logoLines: ['Lumen Ridge', 'CONSULTING'],
} as const
