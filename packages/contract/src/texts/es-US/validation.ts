// Spanish (es-US) of ../en-US/validation.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { validation as en } from '../en-US/validation.ts'
import { icu, type Translation } from '../translation.ts'

const es = 'es-US'

export const validation: Translation<typeof en> = {
  required: 'Este campo es obligatorio.',
  usernamePattern:
    'El nombre de usuario no cumple con los requisitos mínimos. Use de 6 a 50 caracteres, solo letras, números o guiones bajos (sin espacios).',
  passwordMinLength: 'La contraseña debe tener al menos 8 caracteres',
  passwordPattern:
    'La contraseña no cumple con los requisitos mínimos. Use de 8 a 50 caracteres, con una letra, un número y un carácter especial de !@#$%^&* (sin espacios). Las contraseñas actualizadas deben ser distintas de sus ocho contraseñas anteriores.',
  passwordMismatch: 'La contraseña no coincide con Confirmar contraseña.',
  mobile: 'Ingrese un número de celular válido. (Sin espacios, guiones ni paréntesis).',
  email: icu<[string]>(es, 'Ingrese un correo electrónico válido. ({email})', 'email'),
  verificationCode: 'Ingrese el código de verificación que recibió.',
  deliveryMethod: 'Seleccione un método de envío',
  chooseOne: 'Seleccione al menos una de las opciones',
  accountNumber: 'Ingrese un número válido de hasta 10 letras o dígitos.',
  agentNumber: 'Ingrese su número de agente de seis dígitos.',
  passwordGuessable:
    'Esta contraseña es demasiado fácil de adivinar. Elija una que a otras personas no se les ocurra.',
}
