// Spanish (es-US) of ../en-US/account.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { account as en } from '../en-US/account.ts'
import { type Translation } from '../translation.ts'

export const account: Translation<typeof en> = {
  securityQuestionsGone:
    'Ya no se usan preguntas de seguridad: recupere su nombre de usuario o su contraseña con un código enviado a su correo electrónico o a su número de celular.',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  stateCode: 'Ingrese el código de estado de dos letras.',
  zipCode: 'Ingrese un código postal de cinco dígitos.',
}
