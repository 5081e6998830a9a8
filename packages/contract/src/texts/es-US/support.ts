// Spanish (es-US) of ../en-US/support.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { support as en } from '../en-US/support.ts'
import { icu, type Translation } from '../translation.ts'

const es = 'es-US'

export const support: Translation<typeof en> = {
  title: 'Atención al cliente',
  callUs: icu<[string]>(
    es,
    'Llame a Servicio al Cliente al {phone} y mencione el número de caso que aparece abajo.',
    'phone',
  ),
  plHours: 'Nuestro centro de llamadas atiende de 7:30 a. m. a 5 p. m. (CST), de lunes a viernes.',
  ticketLabel: 'Número de caso',
  paused: icu<[number]>(
    es,
    'Para proteger su cuenta, hemos pausado el inicio de sesión después de {tries, plural, one {# código incorrecto} other {# códigos incorrectos}}.',
    'tries',
  ),
  uswebHours: 'Servicio al Cliente atiende de lunes a viernes, de 8 a. m. a 5 p. m. (CT).',
  copy: 'Copiar',
  copyLabel: 'Copiar el número de caso',
  copied: 'Número de caso copiado.',
  resetNow: 'Restablecer su contraseña ahora',
  resetNowHint: 'Al restablecer su contraseña, se desbloquea su cuenta.',
}
