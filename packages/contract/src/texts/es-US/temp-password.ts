// Spanish (es-US) of ../en-US/temp-password.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { tempPassword as en } from '../en-US/temp-password.ts'
import { type Translation } from '../translation.ts'

export const tempPassword: Translation<typeof en> = {
  title: 'Actualización de contraseña',
  intro: 'Ingrese su nueva contraseña',
  whyHere:
    'Usted inició sesión con una contraseña temporal. Ahora elija una contraseña nueva para esta cuenta.',
  accountLabel: 'Nombre de usuario',
  updated:
    'Su contraseña se ha actualizado. Haga clic en el botón de abajo e inicie sesión con sus nuevas credenciales.',
  confirmMismatch: 'Asegúrese de que Confirmar contraseña sea igual a Contraseña',
  matchesPrevious:
    'La contraseña no debe ser igual a ninguna de las 8 contraseñas anteriores. Ingrese una contraseña nueva.',
  updatedButCannotLogin:
    'Se actualizó la contraseña del usuario. Sin embargo, no podremos iniciar su sesión. Comuníquese con Servicio al Cliente.',
  unableToUpdate:
    'No se pudo actualizar la contraseña del usuario. Comuníquese con Servicio al Cliente.',
}
