// Spanish (es-US) of ../en-US/service.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { service as en } from '../en-US/service.ts'
import { icu, type Translation } from '../translation.ts'

const es = 'es-US'

export const service: Translation<typeof en> = {
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
}
