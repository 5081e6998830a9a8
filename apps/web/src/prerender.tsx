// Issue 45: the login page's markup in the page the service sends, so that the first paint is
// the form, not "Loading…" until the scripts have come and run (2.0 s of a slow phone's 4G).
// Built apart (`vite build --ssr`, into dist-ssr/) and used by the service only
// (apps/server/src/plugins/web.ts), which renders each login address once per language,
// program, number and links and keeps the page: no rendering per request. The browser then
// hydrates it (main.tsx), so what is rendered here must be exactly the portal's first render:
// the same tree, the texts of the page's language, the program of the address, the number the
// page carries (lib/visit/program-phone.ts) and the links of its configuration (config/env.ts).
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import type { Locale, ProgramCode } from '@portal/contract'
import { AppRoutes } from './app/router.tsx'
import { env, linksOf } from './config/env.ts'
import { loadLocale } from './i18n/texts.ts'
import { knowProgramPhone } from './lib/visit/program-phone.ts'

export interface LoginRender {
  /** The address as requested: path and query. */
  url: string
  locale: Locale
  program: ProgramCode
  /** The program's number as the page carries it; none when it was not known. */
  phone: string | undefined
  /** The page's configuration block's text (config/env.ts reads the same in the browser). */
  config: string
}

/** One render at a time: the texts and the links are the module's, as in the browser. */
let queue: Promise<unknown> = Promise.resolve()

async function renderNow({ url, locale, program, phone, config }: LoginRender): Promise<string> {
  await loadLocale(locale)
  Object.assign(env.links, linksOf(config, env.links))
  knowProgramPhone(program, phone)
  // prerender waits for the lazy login screen, which renderToString would leave out.
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  )
  return await new Response(prelude).text()
}

/** The markup of #root for a login address, as the portal's first render makes it. */
export function renderLoginPage(page: LoginRender): Promise<string> {
  const rendered = queue.then(() => renderNow(page))
  queue = rendered.catch(() => undefined)
  return rendered
}
