// Spanish (es-US) of ../en-US/login.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { login as en } from '../en-US/login.ts'
import { icu, type Translation } from '../translation.ts'

const es = 'es-US'

export const login: Translation<typeof en> = {
  title: 'Inicio de sesión',
  intro: 'Inicie sesión con su nombre de usuario y contraseña.',
  usernameLabel: 'Nombre de usuario',
  passwordLabel: 'Contraseña',
  submit: 'Iniciar sesión',
  forgotUsername: 'Olvidé mi nombre de usuario',
  forgotPassword: 'Olvidé mi contraseña',
  register: 'Registrarse',
  registerTitle: 'Registre su cuenta',
  registerIntro:
    '¿Es nuevo en el portal? Configure su cuenta en línea para consultar su cobertura y administrar su póliza en cualquier momento.',
  signUp: 'Crear cuenta',
  highlightsTitle: 'Aspectos destacados de la póliza y primas',
  highlightsIntro: 'Vea qué incluye su cobertura de errores y omisiones y cuánto cuesta.',
  learnMore: 'Más información',
  premiumCoverage: icu<[string]>(es, 'Cobertura premium ofrecida por {insurer}.', 'insurer'),
  mismatch:
    'El nombre de usuario y la contraseña no coinciden. Inténtelo de nuevo. Tenga en cuenta que ambos distinguen entre mayúsculas y minúsculas.',
  nextAttemptLocks:
    'Después del próximo intento fallido, su cuenta se bloqueará y se le pedirá que restablezca su contraseña.',
  lockedLead: 'Por motivos de seguridad, le pedimos que ',
  lockedLink: 'restablezca su contraseña',
  lockedTail: '.',
  invalidCrm:
    'La combinación de ID de inicio de sesión y código postal proporcionada es incorrecta.',
  somethingWentWrong: 'Se produjo un error. Inténtelo de nuevo más tarde.',
  technicalDifficulties:
    'Gracias por su preferencia. En este momento nuestro sistema presenta dificultades técnicas. Le pedimos disculpas por las molestias y le solicitamos que lo intente de nuevo más tarde... comuníquese con Servicio al Cliente en horario de atención, de lunes a viernes, de 8 a. m. a 5 p. m. (CT).',
  usernameRequired: 'El nombre de usuario es obligatorio',
  passwordRequired: 'La contraseña es obligatoria',
  tooManyAttempts: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.',
}
