// Issue 27 (problem 9): the login page before its script has run. The service knows the
// program from the address when it sends the shell, so the shell carries a plain, styled
// header (the program's name and customer-service number as a tel: link) and "Loading your
// secure sign-in…" inside the root, which the portal replaces when it renders; with
// JavaScript off, those stay and the <noscript> text gives the number. Styled by the entry's
// stylesheet (global.css `.page-shell`): the content-security policy allows no inline style.
import {
  formatProgramPhone,
  programOf,
  telHref,
  type Locale,
  type ProgramCode,
} from '@portal/contract'
import { contractTexts } from '@portal/contract/i18n'
import { escapeHtml } from '../lib/html.ts'

/** Where the build leaves room for the header (apps/web/build/login-pages.ts). */
export const pageShellMarkers = {
  root: '<!--portal:page-shell-->',
  noScript: '<!--portal:no-script-->',
} as const

/**
 * Fills the markers of a login shell: the header for `program` (none when the address named
 * no program: the portal may show a program remembered in this browser), and the number.
 */
export function fillPageShell(
  html: string,
  { program, phone, locale }: { program?: ProgramCode; phone?: string; locale: Locale },
): string {
  const t = contractTexts[locale].screenTexts.pageShell
  // Issue 43: the tab names the page in its language before the script runs.
  const title = `<title>${escapeHtml(contractTexts[locale].screenTexts.login.title)}</title>`
  const number =
    program && phone
      ? `<a class="phone-link" href="${escapeHtml(telHref(phone))}">${escapeHtml(formatProgramPhone(program, phone))}</a>`
      : ''
  const header = program
    ? `<header class="page-shell__header"><span class="page-shell__name">${escapeHtml(programOf(program).displayName)}</span>${
        number
          ? `<span class="page-shell__phone">${escapeHtml(t.customerService)} ${number}</span>`
          : ''
      }</header>`
    : ''
  // The portal's header reads the number from here instead of asking for it (program-phone.ts).
  const known =
    program && phone ? ` data-program="${program}" data-phone="${escapeHtml(phone)}"` : ''
  const root = `<div class="page-shell"${known}>${header}<main class="page-shell__main"><p class="page-shell__loading">${escapeHtml(t.loading)}</p></main></div>`
  const call = number ? ` ${escapeHtml(t.noScriptCall)} ${number}.` : ''
  const noScript = `<p class="page-shell__no-script">${escapeHtml(t.noScript)}${call}</p>`
  return html
    .replace(/<title>[^<]*<\/title>/, title)
    .replace(pageShellMarkers.root, root)
    .replace(pageShellMarkers.noScript, noScript)
}
