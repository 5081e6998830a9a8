// Spanish (es-US) of ../en-US/recovery.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { recovery as en } from '../en-US/recovery.ts'
import { type Translation } from '../translation.ts'

export const recovery: Translation<typeof en> = {
  titleOf: { username: 'Olvidé mi nombre de usuario', password: 'Olvidé mi contraseña' },
  introOf: {
    username:
      'Elija una opción de recuperación e ingrese la información correspondiente para recibir su nombre de usuario.',
    password:
      'Elija una opción de recuperación e ingrese la información correspondiente para recibir una contraseña temporal.',
  },
  optionsLegend: 'Opción de recuperación',
  valueLabelUnchosen: 'Información de contacto',
  forgotUsernameLink: '¿Olvidó su nombre de usuario?',
  deliveryIntroOf: {
    username: 'Elija adónde debemos enviar su nombre de usuario.',
    password: 'Elija adónde debemos enviar su contraseña temporal.',
  },
  deliveryLegend: 'Método de envío',
  returnToLogin: 'Volver al inicio de sesión',
  submit: 'Enviar',
  usernameSentTitle: 'Nombre de usuario enviado',
  temporaryPasswordSentTitle: 'Contraseña temporal enviada',
  mayTakeMinutes:
    'Puede tardar unos minutos en llegar. Si no lo ve, revise su carpeta de correo no deseado.',
  email: 'Correo electrónico',
  mobile: 'Celular',
  username: 'Nombre de usuario',
  emailAddress: 'Correo electrónico',
  mobileNumber: 'Número de celular',
  textMessage: 'Mensaje de texto',
  noAccounts:
    'Verifique su información e inténtelo de nuevo. ¿Tiene problemas? Pruebe con otra opción. ¿Sigue teniendo problemas? Llame al número que aparece arriba.',
  multipleAccounts:
    'Esta información parece estar asociada con más de una cuenta. Pruebe con otra opción o llame al número que aparece arriba para recibir más ayuda.',
  chooseMethod: 'Seleccione un método de contacto e ingrese la información de contacto.',
  usernameSent: 'Le hemos enviado su nombre de usuario por correo electrónico y mensaje de texto.',
  temporaryPasswordSent:
    'Le hemos enviado una contraseña temporal por correo electrónico y mensaje de texto.',
}
