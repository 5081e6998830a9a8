// Spanish (es-US) of ../en-US/password.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { password as en } from '../en-US/password.ts'
import { type Translation } from '../translation.ts'

export const password: Translation<typeof en> = {
  requirements: 'Requisitos de la contraseña',
  strength: 'Seguridad de la contraseña',
  levels: {
    'Very Weak': 'Muy débil',
    Weak: 'Débil',
    Moderate: 'Moderada',
    Good: 'Buena',
    Strong: 'Segura',
  },
  tooEasyToGuess: 'Demasiado fácil de adivinar',
  passwordLabel: 'Contraseña',
  confirmPasswordLabel: 'Confirmar contraseña',
  confirmToggleTarget: 'confirmación de contraseña',
  ruleMet: ' (se cumple)',
  ruleNotMet: ' (no se cumple)',
  rules: {
    length: 'De 8 a 50 caracteres',
    noSpace: 'Sin espacios',
    number: 'Al menos un número',
    special: 'Al menos uno de los siguientes caracteres especiales !@#$%^&*',
    letter: 'Al menos una letra (mayúscula o minúscula)',
  },
}
