// Headings and labels of the registration screens (spec §2 screens 2-4). The messages and
// the welcome text come from the contract's catalogue.
import type { Flavour } from '@portal/contract'

export const registrationTexts = {
  title: 'Register Your Account',
  identifyIntro: 'Enter the details we have on file for you.',
  credentialsTitle: 'Create Your Login',
  credentialsIntro: 'Choose a username and a password for your online account.',
  emailLabel: 'Email Address',
  mobileLabel: 'Mobile Number',
  mobileHint: 'Ten digits, for example 312-555-0101.',
  usernameLabel: 'Username',
  usernameHint:
    '6-50 characters: letters, numbers and underscores, no spaces. Usernames are case-sensitive.',
  passwordLabel: 'Password',
  confirmPasswordLabel: 'Confirm Password',
  returnToLogin: 'Return to Login',
  submit: 'Submit',
} as const

/** Spec §2 screen 2: Next, or Continue in pl. */
export const identifyButtonOf: Record<Flavour, string> = { usweb: 'Next', pl: 'Continue' }
