// Spanish (es-US) of the contract's catalogue (issue 24): the same keys as messages.ts, in
// the formal register ("usted") an insurer writes in. Program names, phone numbers and legal
// names are never translated. Texts with values are ICU messages (`icu`).
// A key added to messages.ts needs its Spanish here: the type check and
// i18n/coverage.test.ts name the missing key.
import type { messages, passwordRuleLabels, screenTexts } from '../messages.ts'
import { icu, type Translation } from './catalogue.ts'
import { loginPageTextsEs as first } from './es-US-login-page.ts'

const es = 'es-US'

export const messagesEs: Translation<typeof messages> = {
  login: first.messages.login,
  registration: {
    usernameTaken: 'El nombre de usuario ya existe.',
    unableToProcess: 'En este momento no podemos procesar su solicitud.',
    accountExists:
      'Ya existe una cuenta para la información ingresada a continuación. Llame al número que aparece arriba para recibir ayuda.',
    notFound:
      'La información proporcionada no coincide con nuestros registros. Llame al número que aparece arriba para recibir ayuda.',
    notFoundAgentHint:
      'Asegúrese de que su número de agente tenga seis dígitos, sin letras, y llame al número que aparece arriba si necesita ayuda.',
    ineligible:
      'Nuestros registros indican que es posible que usted no sea elegible para solicitar el seguro de errores y omisiones (E&O) en este momento. Comuníquese con Servicio al Cliente al número que aparece arriba.',
  },
  recovery: {
    noAccounts:
      'Verifique su información e inténtelo de nuevo. ¿Tiene problemas? Pruebe con otra opción. ¿Sigue teniendo problemas? Llame al número que aparece arriba.',
    multipleAccounts:
      'Esta información parece estar asociada con más de una cuenta. Pruebe con otra opción o llame al número que aparece arriba para recibir más ayuda.',
    chooseMethod: 'Seleccione un método de contacto e ingrese la información de contacto.',
    usernameSent:
      'Le hemos enviado su nombre de usuario por correo electrónico y mensaje de texto.',
    temporaryPasswordSent:
      'Le hemos enviado una contraseña temporal por correo electrónico y mensaje de texto.',
  },
  mfa: {
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
  },
  tempPassword: {
    confirmMismatch: 'Asegúrese de que Confirmar contraseña sea igual a Contraseña',
    matchesPrevious:
      'La contraseña no debe ser igual a ninguna de las 8 contraseñas anteriores. Ingrese una contraseña nueva.',
    updatedButCannotLogin:
      'Se actualizó la contraseña del usuario. Sin embargo, no podremos iniciar su sesión. Comuníquese con Servicio al Cliente.',
    unableToUpdate:
      'No se pudo actualizar la contraseña del usuario. Comuníquese con Servicio al Cliente.',
  },
  validation: {
    required: 'Este campo es obligatorio.',
    usernameRequired: first.messages.validation.usernameRequired,
    usernamePattern:
      'El nombre de usuario no cumple con los requisitos mínimos. Use de 6 a 50 caracteres, solo letras, números o guiones bajos (sin espacios).',
    passwordRequired: first.messages.validation.passwordRequired,
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
  },
  account: {
    securityQuestionsGone:
      'Ya no se usan preguntas de seguridad: recupere su nombre de usuario o su contraseña con un código enviado a su correo electrónico o a su número de celular.',
    currentPasswordWrong: 'La contraseña actual no es correcta.',
    stateCode: 'Ingrese el código de estado de dos letras.',
    zipCode: 'Ingrese un código postal de cinco dígitos.',
  },
  service: {
    unknownProgram: 'Programa desconocido.',
    noMailingAddress: 'No hay una dirección postal para este programa.',
    anotherUsersAccount: 'Esta cuenta pertenece a otro usuario.',
    anotherUsersCustomerRecord: 'Este registro de cliente pertenece a otro usuario.',
    noCustomerRecord: 'No hay un registro de cliente para esta cuenta.',
    checkedForAnotherProgram: 'Este inicio de sesión se verificó para otro programa.',
    pleaseLogIn: 'Inicie sesión para continuar.',
    sessionEnded: 'Su sesión terminó. Inicie sesión de nuevo.',
    refusedProgram: 'Esta cuenta no puede continuar al sitio del programa.',
    passkeyNotOnAccount: 'Esta llave de acceso no está en su cuenta.',
    anotherSignInsPasswordChange: 'Este cambio de contraseña pertenece a otro inicio de sesión.',
    anotherSignInsVerification: 'Esta verificación pertenece a otro inicio de sesión.',
    chooseCountry: 'Elija un país o una región de la lista.',
    contactsAfterCodeOnly:
      'Los datos de contacto solo se pueden cambiar después de ingresar un código de verificación.',
    authenticationFailed: 'No se pudo completar la autenticación.',
    stepOutOfOrder: 'Este paso no sigue al anterior.',
    verifiedContactsAfterCodeOnly:
      'Los datos de contacto verificados solo se pueden cambiar después de ingresar el código.',
    passkeyRemoveRefused:
      'Vuelva a iniciar sesión con un código de verificación para eliminar una llave de acceso.',
    noPasskeyMade: 'No tiene llaves de acceso.',
    passkeyNotCreated: 'No se pudo crear la llave de acceso.',
    passkeyLimit: icu<[number]>(es, 'Una cuenta puede tener {most} llaves de acceso.', 'most'),
    pageExpired: 'La página caducó. Vuelva a cargarla e inténtelo de nuevo.',
    takesJson: 'Esta llamada acepta JSON.',
    unsupportedMediaType: 'Esta llamada acepta JSON (o el formulario que indica su documentación).',
    controlCharacters: 'Quite los caracteres de control de este campo.',
    invalidInput: 'Los datos no son válidos.',
    couldNotComplete: 'El servicio no pudo completar la solicitud. Inténtelo de nuevo más tarde.',
    nothingHere: 'No hay nada en esta dirección.',
    temporaryPasswordFirst: 'Primero inicie sesión con su contraseña temporal.',
  },
  errorBannerHeading: first.messages.errorBannerHeading,
  failureReference: first.messages.failureReference,
  throttle: {
    tooManyAttempts: first.messages.throttle.tooManyAttempts,
    waitForNewCode: icu<[number]>(
      es,
      'Espere {seconds, plural, one {# segundo} other {# segundos}} antes de pedir un código nuevo.',
      'seconds',
    ),
    tooManyMessages:
      'Se han enviado demasiados mensajes para esta cuenta. Inténtelo de nuevo más tarde o llame a Servicio al Cliente.',
    textsNotAvailable:
      'No se pueden enviar mensajes de texto a este número. Elija el correo electrónico o llame a Servicio al Cliente.',
  },
}

export const passwordRuleLabelsEs: Translation<typeof passwordRuleLabels> = {
  length: 'De 8 a 50 caracteres',
  noSpace: 'Sin espacios',
  number: 'Al menos un número',
  special: 'Al menos uno de los siguientes caracteres especiales !@#$%^&*',
  letter: 'Al menos una letra (mayúscula o minúscula)',
}

export const screenTextsEs: Translation<typeof screenTexts> = {
  login: first.screenTexts.login,
  tempPassword: {
    title: 'Actualización de contraseña',
    intro: 'Ingrese su nueva contraseña',
    whyHere:
      'Usted inició sesión con una contraseña temporal. Ahora elija una contraseña nueva para esta cuenta.',
    accountLabel: 'Nombre de usuario',
    updated:
      'Su contraseña se ha actualizado. Haga clic en el botón de abajo e inicie sesión con sus nuevas credenciales.',
  },
  registration: {
    title: 'Registre su cuenta',
    identifyIntro: 'Ingrese los datos que tenemos registrados para usted.',
    credentialsTitle: 'Cree su acceso',
    credentialsIntro: 'Elija un nombre de usuario y una contraseña para su cuenta en línea.',
    emailLabel: 'Correo electrónico',
    mobileLabel: 'Número de celular',
    mobileHint: 'Diez dígitos, por ejemplo 312-555-0101.',
    agentNumberHint: icu<[string]>(
      es,
      '6 dígitos, por ejemplo 100002. Puede escribirlo como {prefix}100002.',
      'prefix',
    ),
    usernameLabel: 'Nombre de usuario',
    usernameHint:
      'De 6 a 50 caracteres: letras, números y guiones bajos, sin espacios. El nombre de usuario distingue entre mayúsculas y minúsculas.',
    passwordLabel: 'Contraseña',
    confirmPasswordLabel: 'Confirmar contraseña',
    returnToLogin: 'Volver al inicio de sesión',
    submit: 'Enviar',
    identifyButton: { usweb: 'Siguiente', pl: 'Continuar' },
    unavailableHelp:
      'Vuelva al inicio de sesión e inténtelo de nuevo en unos minutos, o llame a Servicio al Cliente para recibir ayuda.',
    welcomeTitle: '¡Le damos la bienvenida!',
    welcome:
      'Su cuenta se configuró correctamente. Vuelva a la pantalla de inicio de sesión e ingrese su nombre de usuario y contraseña.',
  },
  recovery: {
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
  },
  mfa: {
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
  },
  support: {
    title: 'Atención al cliente',
    callUs: icu<[string]>(
      es,
      'Llame a Servicio al Cliente al {phone} y mencione el número de caso que aparece abajo.',
      'phone',
    ),
    plHours:
      'Nuestro centro de llamadas atiende de 7:30 a. m. a 5 p. m. (CST), de lunes a viernes.',
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
  },
  session: {
    warningTitle: '¿Necesita más tiempo?',
    warning: icu<[number]>(
      es,
      'Por su seguridad, cerraremos su sesión en {minutes, plural, one {# minuto} other {# minutos}}, a menos que elija mantenerla abierta.',
      'minutes',
    ),
    warningSeconds: icu<[number]>(
      es,
      'Por su seguridad, cerraremos su sesión en {seconds, plural, one {# segundo} other {# segundos}}, a menos que elija mantenerla abierta.',
      'seconds',
    ),
    staySignedIn: 'Mantener la sesión abierta',
    signOut: 'Cerrar sesión',
    endedTitle: 'Se cerró su sesión',
    ended:
      'Por su seguridad, se cerró su sesión después de un período sin actividad. No se realizó ningún cambio.',
    logInAgain: 'Iniciar sesión de nuevo',
  },
  pageShell: {
    loading: 'Cargando la página segura de inicio de sesión…',
    customerService: 'Servicio al Cliente',
    noScript:
      'Esta página de inicio de sesión necesita JavaScript. Actívelo y vuelva a cargar la página.',
    noScriptCall: 'También puede llamar a Servicio al Cliente al',
  },
  busy: first.screenTexts.busy,
  passkeys: {
    offerTitle: 'Omita el código la próxima vez',
    offerIntro:
      'Una llave de acceso le permite confirmar su identidad con la huella digital, el rostro o el bloqueo de pantalla de este dispositivo en lugar de un código. Solo funciona en este sitio web, por lo que no se puede entregar a una página falsa.',
    create: 'Crear una llave de acceso',
    notNow: 'Ahora no',
    use: 'Usar su llave de acceso',
    orCode: 'O pida que se le envíe un código:',
    notUsed:
      'No se pudo usar su llave de acceso. Inténtelo de nuevo o pida que se le envíe un código.',
    notHere:
      'No se usó ninguna llave de acceso. Si este dispositivo no tiene su llave de acceso, pida que se le envíe un código.',
    elsewhere:
      '¿Tiene una llave de acceso en su teléfono o en otro navegador? Puede usarla en lugar de un código.',
    savedTitle: 'Llave de acceso guardada',
    saved:
      'Su llave de acceso quedó guardada en este dispositivo. La próxima vez, después de su contraseña, elija “Usar su llave de acceso” en lugar de esperar un código.',
    notSaved: 'No se guardó ninguna llave de acceso. Puede intentarlo de nuevo o elegir Ahora no.',
    listTitle: 'Sus llaves de acceso',
    listIntro: 'Claves de acceso que puede usar en lugar de un código en un dispositivo nuevo.',
    none: 'No tiene llaves de acceso.',
    name: 'Nombre',
    created: 'Creada',
    lastUsed: 'Último uso',
    never: 'Nunca',
    remove: 'Eliminar',
    removeLabel: icu<[string]>(es, 'Eliminar la llave de acceso {name}', 'name'),
    removed: icu<[string]>(es, 'Se eliminó la llave de acceso {name}.', 'name'),
    removeRefused:
      'Vuelva a iniciar sesión con un código de verificación para eliminar una llave de acceso.',
    nameOn: icu<[string]>(es, 'Llave de acceso en {system}', 'system'),
    nameUnknown: 'Llave de acceso',
  },
  pageTitles: {
    deliveryChoice: 'Elija el método de envío',
    passwordUpdated: 'Contraseña actualizada',
    registrationUnavailable: 'Registro no disponible',
  },
}

/** The programs' customer-number labels (programs.ts `accountLabel`). */
export const accountLabelsEs: Record<'Agent Number' | 'Account Number', string> = {
  'Agent Number': 'Número de agente',
  'Account Number': 'Número de cuenta',
}
