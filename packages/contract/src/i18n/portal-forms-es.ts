// The portal's own texts of the forms past the login page in Spanish (es-US, issue 24): the
// same keys as portal-forms-en.ts. Apart from portal-es.ts so that the Spanish login page
// does not fetch them.
import type { portalFormTextsEn } from './portal-forms-en.ts'
import type { Translation } from './catalogue.ts'

export const portalFormTextsEs: Translation<typeof portalFormTextsEn> = {
  password: {
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
  },
  recovery: {
    email: 'Correo electrónico',
    mobile: 'Celular',
    username: 'Nombre de usuario',
    emailAddress: 'Correo electrónico',
    mobileNumber: 'Número de celular',
    textMessage: 'Mensaje de texto',
  },
  mfa: {
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
  },
}
