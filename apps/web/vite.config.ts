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
// So do its useRoutes and Routes, which render through its data routers' machinery
// (src/app/lean-routes.tsx). NavLink, Routes and Navigate are modules of their own, which
// come with the screens that use them: in the library they are in the one module the entry
// loads whole.
const lean = (file: string) => fileURLToPath(new URL(`./src/app/${file}`, import.meta.url))
const leanModules: Record<string, string[]> = {
  [lean('lean-links.tsx')]: ['Link'],
  [lean('lean-nav-link.tsx')]: ['NavLink'],
  [lean('lean-routes.tsx')]: ['useRoutes'],
  [lean('lean-route-elements.tsx')]: ['Routes', 'Navigate'],
}
const leanReactRouterId = '\0react-router-lean'
const leanReactRouter = (): Plugin => ({
  name: 'react-router-lean-links',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    // Only what is used of them is bundled: importing the library does not run them all.
    if (importer === leanReactRouterId && source in leanModules) {
      return { id: source, moduleSideEffects: false }
    }
    if (source !== 'react-router') return null
    const own = importer === leanReactRouterId || (importer?.split('?')[0] ?? '') in leanModules
    return own ? reactRouterProduction : leanReactRouterId
  },
  // The library's components are made at load (`var Link = React.forwardRef(...)`, then
  // `Link.displayName = "Link"`) in calls and writes not marked pure, which the bundler must
  // keep, and with them each component, used or not. Marked pure, an unused one goes; React
  // shows display names only in development.
  // Its production build still warns developers of misuse (`warning(cond, message)`, about
  // thirty long messages, 0.55 KB brotli): marked pure, the calls and their texts go, as
  // React's own production build has none. Its invariants, which throw, stay.
  transform(code, id) {
    if (!id.includes('/node_modules/react-router/dist/production/')) return null
    const contextTypes = new Map<string, string>()
    let lean = code
      .replace(
        /^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm,
        '$1/* @__PURE__ */ $2',
      )
      .replace(/^\w+\.displayName = "\w+";$/gm, '')
      .replace(/(?<!function )\b(warning|warningOnce)\(/g, '/* @__PURE__ */ $1(')
      // Its error boundary's `contextType`, set after the class in a write the bundler must
      // keep (and the class with it), is set in the class itself: unused, the class goes.
      .replace(/^(\w+)\.contextType = (\w+);$/gm, (_, name: string, context: string) => {
        contextTypes.set(name, context)
        return ''
      })
      .replace(
        /^(var (\w+) = class extends React\d*\.Component \{)$/gm,
        (line, _, name: string) => {
          const context = contextTypes.get(name)
          if (!context) return line
          contextTypes.delete(name)
          return `${line}\n  static contextType = ${context};`
        },
      )
      // Values made at load that nothing may use (`new Set(...)`, the names of Object's
      // prototype, whether this is a browser): marked pure, the unused ones go.
      .replace(/^(var \w+ = )(new Set\()/gm, '$1/* @__PURE__ */ $2')
      .replace(
        /^(var (?:objectProtoNames|isBrowser)\d* = )(.+);$/gm,
        '$1/* @__PURE__ */ (() => $2)();',
      )
    // useNavigate's data-router half (the router's own navigate, by route id) runs only under
    // a data router, which the portal does not have: its routes render through lean-routes.tsx,
    // whose matches are never data routes. Should one come, this says so rather than navigate
    // the wrong way.
    const dataRouterNavigate = 'return isDataRoute ? useNavigateStable() : useNavigateUnstable();'
    if (lean.includes('function useNavigate()')) {
      if (!lean.includes(dataRouterNavigate)) {
        throw new Error('react-router-lean-links: useNavigate is not as expected')
      }
      lean = lean.replace(
        dataRouterNavigate,
        'if (isDataRoute) throw new Error("The portal has no data router (vite.config.ts)");\n' +
          '  return useNavigateUnstable();',
      )
    }
    if (contextTypes.size > 0) {
      throw new Error(`react-router-lean-links: no class for ${[...contextTypes.keys()].join()}`)
    }
    return lean
  },
  load(id) {
    if (id !== leanReactRouterId) return null
    return [
      `export * from ${JSON.stringify(reactRouterProduction)}`,
      ...Object.entries(leanModules).map(
        ([file, names]) => `export { ${names.join(', ')} } from ${JSON.stringify(file)}`,
      ),
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

// Issue 45: Vite lists, at each lazy import, the files that import needs, to fetch them at
// once (modulePreload). The files the entry imports itself are always there before any lazy
// import runs, so listing them again costs the entry bytes (0.2 KB brotli of the login page)
// and buys nothing. This learns them from the bundle before Vite writes the lists.
const entryFiles = new Set<string>()
const entryFilesOfBundle = (): Plugin => ({
  name: 'entry-files-of-bundle',
  apply: 'build',
  generateBundle: {
    order: 'pre',
    handler(_, bundle) {
      entryFiles.clear()
      const visit = (file: string) => {
        const chunk = bundle[file]
        if (chunk?.type !== 'chunk' || entryFiles.has(file)) return
        entryFiles.add(file)
        chunk.imports.forEach(visit)
      }
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry) visit(file)
      }
    },
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
    // The renderer takes the React build its JSX was compiled for (production's, as the page
    // does, unless NODE_ENV says otherwise at build time), not the one the service's NODE_ENV
    // would pick at run time: jsxDEV exists only in the development build.
    ...(isSsrBuild
      ? { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') }
      : {}),
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
    entryFilesOfBundle(),
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
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_, deps, { hostType }) =>
            hostType === 'js' ? deps.filter((file) => !entryFiles.has(file)) : deps,
        },
        emptyOutDir: true,
        // The benchmark reads it to know exactly what the login page loads first.
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Libraries change less often than the portal, so those that every page needs (React
              // and React Router) get a long-cached chunk apart from the portal's code, and so does
              // react-hook-form, which the first screen with a form loads; the login page fetches
              // nothing else from node_modules. Other libraries (zod and the form resolver for it,
              // what the console uses) go to the chunks of the screens and calls that import them.
              // Texts are chunks by language and part (src/i18n/texts.ts).
              groups: [
                // With them Vite's helper for lazy imports, which the entry and the texts need
                // before any screen: code that changes only with a dependency, and not a file of
                // its own (one request and brotli context fewer on the login page).
                // React Router with React (issue 45): every page needs both, and a change to either
                // is an upgrade; in one file they compress as one (0.4 KB brotli less than two).
                {
                  name: 'react',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|^\0vite\/preload-helper\.js$/,
                },
                // The parts of React Router only other screens use (see leanModules): a chunk of their own,
                // which the bundler would otherwise merge into the entry, shared as they are.
                {
                  name: 'router-more',
                  includeDependenciesRecursively: false,
                  test: /[\\/]src[\\/]app[\\/]lean-(nav-link|route-elements)\.tsx$/,
                },
                // Not its zod resolver: that loads with the schemas, on a form's first check.
                { name: 'form', test: /[\\/]node_modules[\\/]react-hook-form[\\/]/ },
                // Issue 45: the small parts the login screen shares with other screens (its fields,
                // the spinner, the contract's links and limits) in one file, not one each: fewer
                // requests before the form shows, and one brotli context instead of four. With them
                // the texts' loader and the program catalogue (i18n/texts.ts, which the fields read,
                // so that the bundler cannot put it in the entry): the entry loads both on every
                // page, so no page loads more (0.2 KB brotli less on the login page).
                {
                  name: 'form-parts',
                  includeDependenciesRecursively: false,
                  test: /([\\/]components[\\/](text-field|password-input|unbroken|spinner)\.tsx|[\\/]contract[\\/]src[\\/](links|flavours|limits|programs|text-at|i18n[\\/]locales)\.ts|[\\/]src[\\/]i18n[\\/]texts\.ts)$/,
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
