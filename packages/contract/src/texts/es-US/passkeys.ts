// Spanish (es-US) of ../en-US/passkeys.ts, in the formal register ("usted"). Typed against
// the English: a missing or extra key fails the type check.
import type { passkeys as en } from '../en-US/passkeys.ts'
import { icu, type Translation } from '../translation.ts'

const es = 'es-US'

export const passkeys: Translation<typeof en> = {
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
}
