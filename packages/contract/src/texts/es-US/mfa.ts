// Spanish (es-US) of ../en-US/mfa.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { mfa as en } from '../en-US/mfa.ts'
import { icu, type Translation } from '../translation.ts'

const es = 'es-US'

export const mfa: Translation<typeof en> = {
  chooseDeliveryTitle: 'Verifique su identidad',
  enterCodeTitle: 'Ingrese el código de verificación',
  contactTitles: {
    confirm: 'Confirme la información de verificación',
    enrol: 'Información de verificación',
    update: 'Actualice la información de verificación',
  },
  dualAuthentication:
    'La verificación en dos pasos requiere un correo electrónico y un número de celular. Confírmelos a continuación.',
  consent:
    'Al continuar, usted acepta que el administrador del programa se comunique con usted por correo electrónico o celular para la verificación.',
  updateIntro: 'Actualice a continuación su correo electrónico y su número de celular actuales',
  codeSent: icu<['email' | 'mobile']>(
    es,
    'Se ha enviado un código de verificación de un solo uso a su {mode, select, email {correo electrónico} other {número de celular}}. Puede tardar unos minutos en llegar. El código vence en 10 minutos.',
    'mode',
  ),
  plNeedHelp: '¿Necesita ayuda? Haga clic aquí para comunicarse con Servicio al Cliente',
  sentTo: 'Enviado a',
  codeHelp: '¿No recibió el código?',
  sendByText: 'Enviarlo por mensaje de texto',
  resendIn: icu<[number]>(
    es,
    'Podrá pedir un código nuevo en {seconds, plural, one {# segundo} other {# segundos}}.',
    'seconds',
  ),
  completeEveryField: 'El botón «Continuar» se activará cuando complete todos los campos.',
  maskedContactsIntro:
    'Por su seguridad, sus datos de contacto aparecen parcialmente ocultos hasta que ingrese un código de verificación. Consérvelos, o cambie uno y escríbalo completo.',
  changeContact: icu<[string]>(es, 'Cambiar {label}', 'label'),
  keepContact: icu<[string]>(es, 'Conservar {masked}', 'masked'),
  boundContactsIntro:
    'Para proteger su cuenta, enviaremos un código de verificación a los datos de contacto que usted confirmó anteriormente. Podrá actualizarlos después de ingresar el código.',
  recentRecovery: icu<['email' | 'sms']>(
    es,
    '{by, select, email {Como se acaba de enviar una contraseña temporal a su correo electrónico, este código se enviará a su número de celular.} other {Como se acaba de enviar una contraseña temporal a su número de celular, este código se enviará a su correo electrónico.}}',
    'by',
  ),
  attemptsLeft: icu<[number]>(
    es,
    '{left, plural, one {Le queda # intento.} other {Le quedan # intentos.}}',
    'left',
  ),
  codeNotAccepted: 'No se aceptó ese código. Ingrese de nuevo el código de 6 dígitos.',
  rememberDevice: icu<[number]>(
    es,
    '{days, plural, one {Recordar este dispositivo durante # día} other {Recordar este dispositivo durante # días}}',
    'days',
  ),
  rememberDeviceHint:
    'No marque esta casilla en una computadora compartida o pública. Para deshacerlo, borre las cookies y los datos de sitios de este navegador.',
  chooseIntro:
    'Por su seguridad, necesitamos confirmar que es usted. Elija adónde debemos enviar un código de verificación de un solo uso.',
  sendMyCodeBy: 'Enviar mi código por',
  email: 'Correo electrónico',
  mobile: 'Celular',
  updateAfterVerifying: 'Actualizar mis datos de contacto después de verificar mi identidad',
  contactSupport: 'Comunicarse con Servicio al Cliente',
  verificationCode: 'Código de verificación',
  generateNewCode: 'Generar un código nuevo',
  changeDeliveryMode: 'Cambiar el método de envío',
  support: 'Atención al cliente',
  plHelpLead: '¿Necesita ayuda? Haga clic',
  plHelpLink: 'aquí',
  plHelpTail: 'para comunicarse con Servicio al Cliente.',
  faq: 'Preguntas frecuentes sobre el código de verificación',
  emailAddress: 'Correo electrónico',
  mobileNumber: 'Número de celular',
  editMobileNumber: 'Editar el número de celular',
  typeOfEmail: 'Tipo de correo electrónico',
  typeOfMobile: 'Tipo de número de celular',
  countryRegion: 'País o región',
  contactTypes: { Personal: 'Personal', Work: 'Trabajo' },
  invalidMobile:
    'El número de teléfono ingresado a continuación no es un número de celular válido.',
  wrongCode:
    'El código que proporcionó no es correcto. Vuelva a ingresarlo, genere un código nuevo, cambie el método de envío o comuníquese con Servicio al Cliente. Después de 6 intentos, su cuenta se bloqueará.',
  newCodeSent:
    'Se ha enviado un código nuevo. No tenga en cuenta los códigos enviados anteriormente, porque ya no son válidos.',
  firstCodeOnRecord:
    'Por su seguridad, ingrese el correo electrónico y el número de celular que tenemos registrados para usted. Podrá cambiarlos después de ingresar el código de verificación.',
  codeToProvenOnly:
    'Por su seguridad, el código de verificación solo puede enviarse a los datos de contacto que usted confirmó anteriormente.',
  codeAfterRecovery:
    'Por su seguridad, como se acaba de enviar allí una contraseña temporal, el código de verificación debe enviarse a su otro contacto.',
}
