// Issue 23 (not in the spec): passkeys as a second factor (decision 0022).
// English (en-US), the source: each key has its Spanish in ../es-US/passkeys.ts.

export const passkeys = {
  offerTitle: 'Skip the code next time',
  offerIntro:
    'A passkey lets you confirm it is you with this device’s fingerprint, face or screen lock instead of a code. It works only on this website, so it cannot be given away to a fake page.',
  create: 'Create a passkey',
  notNow: 'Not now',
  use: 'Use your passkey',
  orCode: 'Or have a code sent to you:',
  notUsed: 'Your passkey could not be used. Try again, or have a code sent to you.',
  /** Issue 43: the ceremony ended in the browser (cancelled, or no passkey here). */
  notHere:
    'No passkey was used. If this device doesn’t have your passkey, have a code sent to you instead.',
  /** Issue 43: "Use your passkey" as a second choice, where this device is not known to hold one. */
  elsewhere:
    'Have a passkey on your phone, or in another browser? You can use it instead of a code.',
  savedTitle: 'Passkey saved',
  saved:
    'Your passkey is saved on this device. Next time, after your password, choose “Use your passkey” instead of waiting for a code.',
  notSaved: 'No passkey was saved. You can try again, or choose Not now.',
  listTitle: 'Your passkeys',
  listIntro: 'Passkeys you can use instead of a code on a new device.',
  none: 'You have no passkeys.',
  name: 'Name',
  created: 'Created',
  lastUsed: 'Last used',
  never: 'Never',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove passkey ${name}`,
  removed: (name: string) => `Passkey ${name} was removed.`,
  removeRefused: 'Please sign in again with a verification code to remove a passkey.',
  // Issue 43: a new passkey's name, from the system of the browser that made it.
  nameOn: (system: string) => `Passkey on ${system}`,
  nameUnknown: 'Passkey',
} as const
