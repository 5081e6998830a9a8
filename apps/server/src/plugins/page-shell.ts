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
import { createHash } from 'node:crypto'
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

/** What the page's style attributes say, as the browser reads them (React escapes these). */
function unescapeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

/**
 * Issue 45: a login shell whose root holds the portal's own render of the screen
 * (apps/web/src/prerender.tsx), which the page hydrates (main.tsx's data-rendered), so that the
 * first paint is the form. Its root names the program and number, as the plain shell does
 * (`.page-shell` above), for the header's first render to be the same. With JavaScript off a
 * form that cannot work must not show (issue 27): the <noscript> stylesheet hides the render,
 * and the no-script text with the number stays (fillPageShell). The program's colours are
 * style attributes, which the policy allows by their hashes only ('unsafe-hashes' names
 * exactly these values; no other inline style applies), and the page's policy says so.
 */
export function withRenderedLogin(
  html: string,
  markup: string,
  { program, phone }: { program: ProgramCode; phone: string | undefined },
  policy: string,
  stylesheetOf: (href: string) => string | undefined = () => undefined,
): { html: string; policy: string } {
  // React's hints for the footer's image: the <img> itself is in the markup, far below the form.
  const content = markup.replace(/^(<link rel="preload"[^>]*\/>)+/, '')
  const styles = new Set(
    [...content.matchAll(/ style="([^"]*)"/g)].map(([, value = '']) => unescapeAttribute(value)),
  )
  const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
  const hashes = [...styles].map(hashOf)
  // The page's stylesheet in the page: the form paints with the page itself, one request (a
  // round trip and its 4 KB on a phone's network) before the stylesheet would have come. The
  // element is allowed by its hash, as the attributes are.
  // Vite's preload helper lists the file again with the sign-in's steps and other screens,
  // and loads it unless the page has a `link[rel=stylesheet]` of that address: the page
  // keeps one, disabled, which browsers neither fetch nor apply (HTML's `disabled`), and
  // which nothing enables (e2e/rendered-login.spec.ts watches the network).
  const inlined: string[] = []
  const withStyles = html.replace(
    /<link rel="stylesheet" crossorigin href="([^"]+)">/g,
    (tag, href: string) => {
      const css = stylesheetOf(href)
      if (css === undefined || css.includes('</')) return tag
      inlined.push(hashOf(css))
      return `<style>${css}</style>\n    <link rel="stylesheet" href="${escapeHtml(href)}" disabled>`
    },
  )
  const known = phone ? ` data-phone="${escapeHtml(phone)}"` : ''
  const root = `<div id="root" data-rendered data-program="${program}"${known}>${content}</div>`
  const marked = `<div id="root">${pageShellMarkers.root}</div>`
  if (!html.includes(marked)) throw new Error('page-shell: the login shell has no marked root')
  return {
    html: withStyles
      // The form is on the screen with the page alone: the scripts, which make it work, need
      // not take the network before what it still waits for (the footer's logo).
      .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
      .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ')
      .replace(marked, () => root)
      .replace(
        `<noscript>${pageShellMarkers.noScript}`,
        `<noscript><link rel="stylesheet" href="/no-script.css">${pageShellMarkers.noScript}`,
      ),
    policy: policy.replace(
      /style-src 'self'/,
      [
        "style-src 'self'",
        ...inlined,
        ...(hashes.length > 0 ? ["'unsafe-hashes'", ...hashes] : []),
      ].join(' '),
    ),
  }
}
