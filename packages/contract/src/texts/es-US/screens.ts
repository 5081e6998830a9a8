// Spanish (es-US) of ../en-US/screens.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { screens as en } from '../en-US/screens.ts'
import { type Translation } from '../translation.ts'

export const screens: Translation<typeof en> = {
  common: {
    submit: 'Enviar',
    continue: 'Continuar',
  },
  busy: {
    sendingCode: 'Enviando su código…',
    checkingCode: 'Verificando su código…',
  },
  pageTitles: {
    deliveryChoice: 'Elija el método de envío',
    passwordUpdated: 'Contraseña actualizada',
    registrationUnavailable: 'Registro no disponible',
  },
  accountLabels: {
    'Agent Number': 'Número de agente',
    'Account Number': 'Número de cuenta',
  },
}
