// Spanish (es-US) of ../en-US/session.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { session as en } from '../en-US/session.ts'
import { icu, type Translation } from '../translation.ts'

const es = 'es-US'

export const session: Translation<typeof en> = {
  warningTitle: '¿Necesita más tiempo?',
  warning: icu<[number]>(
    es,
    'Por su seguridad, cerraremos su sesión en {minutes, plural, one {# minuto} other {# minutos}}, a menos que elija mantenerla abierta.',
    'minutes',
  ),
  warningSeconds: icu<[number]>(
    es,
    'Por su seguridad, cerraremos su sesión en {seconds, plural, one {# segundo} other {# segundos}}, a menos que elija mantenerla abierta.',
    'seconds',
  ),
  staySignedIn: 'Mantener la sesión abierta',
  signOut: 'Cerrar sesión',
  endedTitle: 'Se cerró su sesión',
  ended:
    'Por su seguridad, se cerró su sesión después de un período sin actividad. No se realizó ningún cambio.',
  logInAgain: 'Iniciar sesión de nuevo',
}
