// Spanish (es-US) of ../en-US/emails.ts, in the formal register ("usted"). Program names,
// phone numbers and usernames are never translated. Counts go through ICU plurals.
import type { DeliveryMethod } from '../../delivery.ts'
import { limits } from '../../limits.ts'
import { readingLine, signInTimeOf, type EmailBrand, type Lifetime } from '../email-values.ts'
import type { emails as en } from '../en-US/emails.ts'
import { icu, type Translation } from '../translation.ts'

const phoneOf = (b: EmailBrand) => b.phone ?? 'el número que aparece en nuestro sitio web'

const signOff = (b: EmailBrand) =>
  `Si usted no lo solicitó, llame a Servicio al Cliente al ${phoneOf(b)}.\n\n${b.name}`

const validForOf = icu<[number, string]>(
  'es-US',
  '{unit, select, hour {{amount, plural, one {# hora} other {# horas}}} other {{amount, plural, one {# minuto} other {# minutos}}}}',
  'amount',
  'unit',
)
const validFor = (lifetime: Lifetime) => validForOf(lifetime.amount, lifetime.unit)

const minutes = icu<[number]>(
  'es-US',
  '{minutes, plural, one {# minuto} other {# minutos}}',
  'minutes',
)
const codeMinutes = minutes(limits.verificationCodeTtlMinutes)

const whereOf = (channel: DeliveryMethod) =>
  channel === 'email' ? 'su correo electrónico' : 'su número de celular'

export const emails: Translation<typeof en> = {
  username: (b, username) => ({
    subject: `${b.name}: su nombre de usuario`,
    email: `Su nombre de usuario es: ${username}\n\n${signOff(b)}`,
    sms: `${b.name}: su nombre de usuario es ${username}. ¿No fue usted? Llame al ${phoneOf(b)}.`,
  }),
  temporaryPassword: (b, password, lifetime, isLocked = false) => ({
    subject: `${b.name}: su contraseña temporal`,
    email: `Su contraseña temporal es: ${password}\n\n${readingLine(password)}\n\nLos espacios solo facilitan la lectura: escríbala sin ellos. No contiene el número cero ni la letra O, ni el número uno ni la letra l.\n\nFunciona una sola vez, dentro de ${validFor(lifetime)}: inicie sesión con ella y luego elegirá una contraseña nueva. ${isLocked ? 'Al elegirla también se desbloquea su cuenta: hasta entonces su contraseña actual no funciona, porque la cuenta está bloqueada.' : 'Hasta entonces, su contraseña actual sigue funcionando.'}\n\n${signOff(b)}`,
    sms: `${b.name}: su contraseña temporal es ${password}. Funciona una sola vez, dentro de ${validFor(lifetime)}. ¿No fue usted? Llame al ${phoneOf(b)}.`,
  }),
  temporaryPasswordSent: (b, sentBy, isLocked = false) => ({
    subject: `${b.name}: se solicitó una contraseña temporal`,
    email: `Se acaba de enviar una contraseña temporal de su cuenta en línea a ${whereOf(sentBy)}. Si usted la solicitó, no necesita hacer nada más. Si no la solicitó, ${isLocked ? '' : 'su contraseña actual sigue funcionando; '}llame a Servicio al Cliente al ${phoneOf(b)}.\n\n${b.name}`,
    sms: `${b.name}: se acaba de enviar una contraseña temporal de su cuenta en línea a ${whereOf(sentBy)}. ¿No fue usted? Llame al ${phoneOf(b)}.`,
  }),
  accountOnHold: (b) => ({
    subject: `${b.name}: su cuenta en línea está suspendida`,
    email: `Se acaba de solicitar una contraseña temporal para su cuenta en línea. La cuenta está suspendida, por lo que no se envió ninguna. Para volver a usarla, llame a Servicio al Cliente al ${phoneOf(b)}.\n\n${b.name}`,
    sms: `${b.name}: su cuenta en línea está suspendida, por lo que no se envió ninguna contraseña temporal. Llame al ${phoneOf(b)}.`,
  }),
  verificationCode: (b, code, originHost) => ({
    subject: `${b.name}: su código de verificación`,
    email: `Su código de verificación es: ${code}\n\nVence en ${codeMinutes}.\n\n${signOff(b)}`,
    sms: `${code} es su código de ${b.name}. Vence en ${codeMinutes}.${originHost ? `\n\n@${originHost} #${code}` : ''}`,
  }),
  lockout: (b) => ({
    subject: `${b.name}: su cuenta se ha bloqueado`,
    email: `Su cuenta en línea se bloqueó después de varios intentos fallidos. Para desbloquearla, restablezca su contraseña desde la página de inicio de sesión.\n\nSi estos intentos no fueron suyos, llame a Servicio al Cliente al ${phoneOf(b)}.\n\n${b.name}`,
    sms: `${b.name}: su cuenta en línea se bloqueó después de intentos fallidos. Restablezca su contraseña para desbloquearla.`,
  }),
  passwordChanged: (b) => ({
    subject: `${b.name}: se cambió su contraseña`,
    email: `Se acaba de cambiar la contraseña de su cuenta en línea.\n\n${signOff(b)}`,
    sms: `${b.name}: se acaba de cambiar su contraseña. ¿No fue usted? Llame al ${phoneOf(b)}.`,
  }),
  contactChanged: (b) => ({
    subject: `${b.name}: se cambiaron sus datos de contacto para la verificación`,
    email: `Se acaban de cambiar el correo electrónico y el número de celular que se usan para verificar sus inicios de sesión.\n\n${signOff(b)}`,
    sms: `${b.name}: se acaban de cambiar sus datos de contacto para la verificación. ¿No fue usted? Llame al ${phoneOf(b)}.`,
  }),
  accountCreated: (b, username) => ({
    subject: `${b.name}: se creó una cuenta en línea para usted`,
    email: `Se acaba de crear una cuenta en línea con el nombre de usuario ${username} para su número de cliente. Su primer código de verificación se enviará solo a los datos de contacto que figuran en su registro.\n\nSi usted no la creó, llame a Servicio al Cliente al ${phoneOf(b)}: cerrarán la cuenta y luego usted podrá registrarse.\n\n${b.name}`,
    sms: `${b.name}: se acaba de crear una cuenta en línea para su número de cliente. ¿No fue usted? Llame al ${phoneOf(b)}.`,
  }),
  contactsEnrolled: (b, maskedEmail, maskedPhone) => ({
    subject: `${b.name}: se configuraron los datos de contacto para la verificación`,
    email: `Los códigos de inicio de sesión de su cuenta en línea se enviarán ahora a ${maskedEmail} y ${maskedPhone}.\n\n${signOff(b)}`,
    sms: `${b.name}: los códigos de inicio de sesión de su cuenta en línea se enviarán ahora a ${maskedEmail} y ${maskedPhone}. ¿No fue usted? Llame al ${phoneOf(b)}.`,
  }),
  // Issue 23: a draft for the lead's review of the issue-24 translations.
  passkeyAdded: (b, name) => ({
    subject: `${b.name}: se agregó una llave de acceso a su cuenta`,
    email: `Se acaba de agregar una llave de acceso (${name}) a su cuenta en línea. Puede usarse en lugar de un código de verificación al iniciar sesión.\n\n${signOff(b)}`,
    sms: `${b.name}: se acaba de agregar una llave de acceso a su cuenta en línea. ¿No fue usted? Llame al ${phoneOf(b)}.`,
  }),
  newDevice: (b, sign) => {
    const { browser, system } = sign.device
    const device =
      browser && system
        ? `${browser} en ${system}`
        : (browser ??
          (system ? `un navegador en ${system}` : 'un navegador que no pudimos identificar'))
    const reset = sign.recoveryLink
      ? `restablezca su contraseña en ${sign.recoveryLink}`
      : 'restablezca su contraseña con «Olvidé mi contraseña» en la página de inicio de sesión'
    return {
      subject: `${b.name}: un inicio de sesión desde un dispositivo nuevo`,
      email: `Se acaba de iniciar sesión en su cuenta en línea desde un dispositivo que no se había usado antes: ${device}, el ${signInTimeOf(sign, 'es-US')}.\n\nSi fue usted, no necesita hacer nada más. Si no fue usted, ${reset} ahora y llame a Servicio al Cliente al ${phoneOf(b)}.\n\n${b.name}`,
      sms: `${b.name}: se inició sesión en su cuenta en línea desde un dispositivo nuevo (${device}). ¿No fue usted? ${reset.charAt(0).toUpperCase()}${reset.slice(1)} y llame al ${phoneOf(b)}.`,
    }
  },
  passkeyRemoved: (b, name) => ({
    subject: `${b.name}: se eliminó una llave de acceso de su cuenta`,
    email: `Se acaba de eliminar la llave de acceso ${name} de su cuenta en línea.\n\n${signOff(b)}`,
    sms: `${b.name}: se acaba de eliminar una llave de acceso de su cuenta en línea. ¿No fue usted? Llame al ${phoneOf(b)}.`,
  }),
}
