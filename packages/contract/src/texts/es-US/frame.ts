// Spanish (es-US) of ../en-US/frame.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { frame as en } from '../en-US/frame.ts'
import { type Translation } from '../translation.ts'

export const frame: Translation<typeof en> = {
  common: {
    loading: 'Cargando',
    loadingText: 'Cargando…',
    opensInNewTab: ' (se abre en una pestaña nueva)',
    show: 'Mostrar',
    hide: 'Ocultar',
    passwordToggleTarget: 'contraseña',
    returnToLogin: 'Volver al inicio de sesión',
    customerService: 'Servicio al Cliente',
    errorTitlePrefix: 'Error: ',
    unexpectedError: '¡Error inesperado de la aplicación!',
    skipToMain: 'Saltar al contenido principal',
  },
  language: {
    switchLabel: 'Idioma',
  },
  header: {
    email: 'Correo electrónico',
    liveChat: 'Chat en vivo',
    home: 'Inicio',
    siteNavigation: 'Sitio',
    contactUs: 'Contáctenos',
    contactIntro: 'Servicio al Cliente con gusto le ayudará.',
    phone: 'Teléfono',
    close: 'Cerrar',
  },
  footer: {
    privacyPolicy: 'Política de privacidad',
    termsOfUse: 'Términos de uso',
    allRightsReserved: 'Todos los derechos reservados',
    website: 'Sitio web',
    licence: (state: string, number: string) => `Licencia de ${state} n.º ${number}`,
  },
  titles: {
    login: 'Inicio de sesión',
  },
  errorBannerHeading: 'Error',
  failureReference: 'Referencia:',
  busy: {
    loading: 'Cargando…',
    signingIn: 'Iniciando su sesión…',
  },
}
