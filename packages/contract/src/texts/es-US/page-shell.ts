// Spanish (es-US) of ../en-US/page-shell.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { pageShell as en } from '../en-US/page-shell.ts'
import { type Translation } from '../translation.ts'

export const pageShell: Translation<typeof en> = {
  loading: 'Cargando la página segura de inicio de sesión…',
  customerService: 'Servicio al Cliente',
  noScript:
    'Esta página de inicio de sesión necesita JavaScript. Actívelo y vuelva a cargar la página.',
  noScriptCall: 'También puede llamar a Servicio al Cliente al',
}
