// The portal's texts in English (en-US), the source, filed by flow: one key per text, whoever
// wrote it (the specification, the portal, the service). The key of a text is its flow and its
// name in the flow's file (`login.mismatch`, `frame.header.email`); the service answers
// with these keys (`messageKey`), the portal reads them (`t.login.title`), the emails too.
import { login } from './login.ts'
import { emails } from './emails.ts'
import { frame } from './frame.ts'
import { pageShell } from './page-shell.ts'
import { pastLogin } from './past-login.ts'

export const enUS = {
  login,
  frame,
  ...pastLogin,
  emails,
  pageShell,
} as const
