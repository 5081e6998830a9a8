// The login pages are where nearly every visit starts, and the login screen is a lazy route:
// from the plain page shell the browser learns of its files only after the entry has run.
// This writes a shell for each area's login that names them too (modulepreload, and the
// screen's stylesheets), so they arrive with the entry, one round trip sooner. Only the
// login's own addresses get it: no other screen is preloaded (spec §2).
//
// dist/login-pages.json tells the service which shell to send for which address
// (apps/server/src/plugins/web.ts); every other address gets index.html as before. It also
// names, for each language, the file of that language's login-page texts (src/i18n/texts.ts):
// the service writes the page's language's into every shell it sends, so that the texts
// arrive with the entry too, and only the one language's.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

export interface LoginPage {
  /** The route module of the login screen, as the manifest names it. */
  module: string
  /** The addresses that show it (lower case, no trailing slash). */
  paths: string[]
  /** The shell written for them. */
  html: string
}

type Manifest = Record<string, { file: string; name?: string; imports?: string[]; css?: string[] }>

/** Every file `key` needs before it runs: its chunk, its static imports and their CSS. */
function filesOf(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const css of chunk.css ?? []) into.add(css)
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into)
  return into
}

/** The link tags for what `module` needs beyond what the shell's entry already loads. */
export function preloadTags(manifest: Manifest, module: string): string {
  const entry = filesOf(manifest, 'index.html')
  return [...filesOf(manifest, module)]
    .filter((file) => !entry.has(file))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('\n    ')
}

/** The manifest's key of the chunk a code-splitting group of vite.config.ts named `name`. */
function chunkNamed(manifest: Manifest, name: string): string {
  const key = Object.keys(manifest).find((each) => manifest[each]?.name === name)
  if (!key) throw new Error(`login-pages: no chunk named ${name}`)
  return key
}

/**
 * Issue 27 (problem 9): room for the header the service writes in before the script runs
 * (apps/server/src/plugins/page-shell.ts): inside the root, which the portal replaces when it
 * renders, and in the <noscript> text, which then gives the program's number.
 */
export function withPageShellMarkers(html: string): string {
  const marked = html
    .replace('<div id="root"></div>', '<div id="root"><!--portal:page-shell--></div>')
    .replace(/<noscript\b[\s\S]*?<\/noscript\s*>/, '<noscript><!--portal:no-script--></noscript>')
  if (!marked.includes('<!--portal:page-shell-->') || !marked.includes('<!--portal:no-script-->')) {
    throw new Error('login-pages: the shell has no root or noscript to mark')
  }
  return marked
}

/** The login shells, and the chunk of each language's login-page texts by locale. */
export function loginPages(pages: LoginPage[], localeTexts: Record<string, string>): Plugin {
  let outDir = ''
  return {
    name: 'login-pages',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir)
    },
    // After the manifest and index.html are written.
    closeBundle() {
      const manifest = JSON.parse(
        readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Manifest
      const shell = readFileSync(join(outDir, 'index.html'), 'utf8')
      for (const page of pages) {
        if (!manifest[page.module]) throw new Error(`login-pages: no chunk for ${page.module}`)
        const html = withPageShellMarkers(
          shell.replace('</head>', `  ${preloadTags(manifest, page.module)}\n  </head>`),
        )
        const path = join(outDir, page.html)
        writeFileSync(path, html)
        // Sent precompressed, as every other file of the build is.
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        writeFileSync(`${path}.gz`, gzipSync(html, { level: 9 }))
      }
      const byPath = Object.fromEntries(
        pages.flatMap((page) => page.paths.map((path) => [path, page.html])),
      )
      const tagsByLocale = Object.fromEntries(
        Object.entries(localeTexts).map(([locale, chunk]) => [
          locale,
          preloadTags(manifest, chunkNamed(manifest, chunk)),
        ]),
      )
      const index = { pages: byPath, localeTexts: tagsByLocale }
      writeFileSync(join(outDir, 'login-pages.json'), `${JSON.stringify(index, null, 2)}\n`)
    },
  }
}
