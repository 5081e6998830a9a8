// The portal's own texts in Spanish (es-US, issue 24): the same keys as portal-en.ts, in the
// formal register ("usted"). Loaded only when Spanish is the active language.
import type { portalTextsEn } from './portal-en.ts'
import type { Translation } from './catalogue.ts'

export const portalTextsEs: Translation<typeof portalTextsEn> = {
  common: {
    loading: 'Cargando',
    loadingText: 'Cargando…',
    opensInNewTab: ' (se abre en una pestaña nueva)',
    show: 'Mostrar',
    hide: 'Ocultar',
    passwordToggleTarget: 'contraseña',
    returnToLogin: 'Volver al inicio de sesión',
    submit: 'Enviar',
    continue: 'Continuar',
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
}
