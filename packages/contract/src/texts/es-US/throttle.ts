// Spanish (es-US) of ../en-US/throttle.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { throttle as en } from '../en-US/throttle.ts'
import { icu, type Translation } from '../translation.ts'

const es = 'es-US'

export const throttle: Translation<typeof en> = {
  waitForNewCode: icu<[number]>(
    es,
    'Espere {seconds, plural, one {# segundo} other {# segundos}} antes de pedir un código nuevo.',
    'seconds',
  ),
  tooManyMessages:
    'Se han enviado demasiados mensajes para esta cuenta. Inténtelo de nuevo más tarde o llame a Servicio al Cliente.',
  textsNotAvailable:
    'No se pueden enviar mensajes de texto a este número. Elija el correo electrónico o llame a Servicio al Cliente.',
}
