// The numbers of spec §5 and §9 (field lengths, code lifetime, attempts), apart from the
// schemas built on them: screens that only need a number do not load the schema library.
export const limits = {
  loginFieldMax: 50,
  usernameMin: 6,
  usernameMax: 50,
  passwordMin: 8,
  passwordMax: 50,
  customerNumberMax: 10,
  recoveryEmailMax: 60,
  verificationCodeLength: 6,
  verificationCodeTtlMinutes: 10,
  verificationCodeMaxAttempts: 6,
  failedLoginsBeforeLock: 3,
  passwordHistory: 8,
} as const
