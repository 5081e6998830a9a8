// The portal's texts in Spanish (es-US), filed as the English (../en-US/index.ts).
import type { Texts } from '../texts.ts'
import { login } from './login.ts'
import { emails } from './emails.ts'
import { frame } from './frame.ts'
import { pageShell } from './page-shell.ts'
import { pastLogin } from './past-login.ts'

export const esUS: Texts = {
  login,
  frame,
  ...pastLogin,
  emails,
  pageShell,
}
