import { fileURLToPath } from 'node:url'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'
import { commonPasswords } from './build/common-passwords.ts'
import { loginPages } from './build/login-pages.ts'
import { precompiledIcu } from './build/precompiled-icu.ts'
import { areaSegments, paths } from './src/config/paths.ts'
import { parsePortalConfig } from './src/config/portal-config.ts'

// React Router 7 exports only its development build; production builds must ask for the
// production one (its own Vite plugin does the same), or warnings and checks ship to users.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
)

// Issue 45: the library's Link and NavLink bring its framework mode's prefetching into every
// page; the build gives the code the same components without it (src/app/lean-links.tsx).
const leanLinks = fileURLToPath(new URL('./src/app/lean-links.tsx', import.meta.url))
const leanReactRouterId = '\0react-router-lean'
const leanReactRouter = (): Plugin => ({
  name: 'react-router-lean-links',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== 'react-router') return null
    const own = importer === leanReactRouterId || importer?.split('?')[0] === leanLinks
    return own ? reactRouterProduction : leanReactRouterId
  },
  // The library's components are made at load (`var Link = React.forwardRef(...)`, then
  // `Link.displayName = "Link"`) in calls and writes not marked pure, which the bundler must
  // keep, and with them each component, used or not. Marked pure, an unused one goes; React
  // shows display names only in development.
  transform(code, id) {
    if (!id.includes('/node_modules/react-router/dist/production/')) return null
    return code
      .replace(
        /^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm,
        '$1/* @__PURE__ */ $2',
      )
      .replace(/^\w+\.displayName = "\w+";$/gm, '')
  },
  load(id) {
    if (id !== leanReactRouterId) return null
    return [
      `export * from ${JSON.stringify(reactRouterProduction)}`,
      `export { Link, NavLink } from ${JSON.stringify(leanLinks)}`,
    ].join('\n')
  },
})

// In development the portal runs on Vite and the login service on :8080; the proxy keeps
// every call same-origin, exactly as in production where the service serves the build.
const service = 'http://127.0.0.1:8080'

// The service hands out the anti-forgery token with the portal's pages (its plugins/session.ts).
// In development Vite serves the pages, so each page load asks the service's page for one.
const antiForgeryTokenFromService = (): Plugin => ({
  name: 'anti-forgery-token-from-service',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((request, response, next) => {
      if (request.method !== 'GET' || !request.headers.accept?.includes('text/html')) return next()
      fetch(`${service}/usweb/login`, { headers: { cookie: request.headers.cookie ?? '' } })
        .then((page) => {
          const cookies = page.headers.getSetCookie()
          if (cookies.length > 0) response.setHeader('set-cookie', cookies)
        })
        .catch(() => undefined)
        .finally(() => next())
    })
  },
})

// Issue 45: `vite build --ssr` builds src/prerender.tsx, with which the service renders the
// login page into the page it sends; it goes to dist-ssr/, apart from the files served.
export default defineConfig(({ command, mode, isSsrBuild }) => ({
  base: '/',
  // VITE_API_BASE_URL, judged here so that a bad one fails the build (src/config/env.ts). The
  // links are the service's run-time settings, written into the page it serves; only the
  // development server (no service in front of the page) falls back to the demo pages.
  define: {
    // The renderer takes React's production build, as the page does (the service's NODE_ENV
    // is not the portal's).
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
    __PORTAL_CONFIG__: JSON.stringify(
      parsePortalConfig(loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_'), {
        forDevelopment: command === 'serve',
      }),
    ),
  },
  resolve: {
    alias:
      command === 'build'
        ? [
            // The ICU messages are parsed at build time (build/precompiled-icu.ts).
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : [],
  },
  // Brotli and gzip copies beside each asset, made once at build: the service sends the one
  // the browser accepts without compressing on every request.
  plugins: [
    leanReactRouter(),
    precompiledIcu(),
    react(),
    !isSsrBuild && compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 512 }),
    antiForgeryTokenFromService(),
    commonPasswords(),
    // Each area's index and login route show the login screen (src/app/router.tsx).
    !isSsrBuild &&
      loginPages(
        [
          {
            module: 'src/routes/usweb-login.tsx',
            paths: [`/${areaSegments.usweb}`, paths.usweb.login],
            html: 'usweb-login.html',
          },
          {
            module: 'src/routes/pl-login.tsx',
            paths: [`/${areaSegments.pl}`, paths.pl.login],
            html: 'pl-login.html',
          },
        ],
        {
          'en-US': 'login-page-en',
          'es-US': 'login-page-es',
        },
      ),
  ],
  // The service's image has none of the portal's libraries: the renderer carries what it uses.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        // Every browser the portal supports knows modulepreload; one that does not still loads
        // each file when it is imported.
        modulePreload: { polyfill: false },
        emptyOutDir: true,
        // The benchmark reads it to know exactly what the login page loads first.
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Libraries change less often than the portal, so each that every page needs gets a
              // long-cached chunk of its own; the login page fetches these three and nothing else
              // from node_modules. Other libraries (zod and the form resolver for it, what the
              // console uses) go to the chunks of the screens and calls that import them. Texts
              // are chunks by language and part (src/i18n/texts.ts).
              groups: [
                { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
                // Not its zod resolver: that loads with the schemas, on a form's first check.
                { name: 'form', test: /[\\/]node_modules[\\/]react-hook-form[\\/]/ },
                // Issue 45: the small parts the login screen shares with other screens (its fields,
                // the spinner, the contract's links and limits) in one file, not one each: fewer
                // requests before the form shows, and one brotli context instead of four.
                {
                  name: 'form-parts',
                  includeDependenciesRecursively: false,
                  test: /([\\/]components[\\/](text-field|password-input|unbroken|spinner)\.tsx|[\\/]contract[\\/]src[\\/](links|flavours|limits)\.ts)$/,
                },
                // Each language's login-page texts in one file: its login and frame flows
                // (src/i18n/first-*.ts), plain data,
                // so nothing else of what they import comes along.
                {
                  name: 'login-page-en',
                  includeDependenciesRecursively: false,
                  test: /[\\/](texts[\\/]en-US[\\/](login|frame)|i18n[\\/]first-en)\.ts$/,
                },
                {
                  name: 'login-page-es',
                  includeDependenciesRecursively: false,
                  test: /[\\/](texts[\\/]es-US[\\/](login|frame)|i18n[\\/]first-es)\.ts$/,
                },
              ],
            },
          },
        },
      },
  server: {
    proxy: {
      '/api': service,
      '/demo': service,
    },
  },
}))
