// Spanish (es-US) of ../en-US/registration.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { registration as en } from '../en-US/registration.ts'
import { icu, type Translation } from '../translation.ts'

const es = 'es-US'

export const registration: Translation<typeof en> = {
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
}
