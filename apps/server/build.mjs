// Compiles the service to plain JavaScript for `npm run serve` (node, no tsx at run time).
// The contract (@portal/contract, TypeScript source) is compiled into the bundle; npm
// packages stay external and are loaded from node_modules as installed.
// Output: dist/server.js and dist/portal-admin.js (and thread-pool.cjs, copied), one folder below apps/server like src/*.ts,
// so the paths in src/paths.ts and src/config.ts resolve the same way in both.
import { build } from 'esbuild'
import { copyFile, rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))

/** Bare imports (npm packages) are external, except our own workspace packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    )
  },
}

await rm(`${root}dist`, { recursive: true, force: true })
const { metafile } = await build({
  absWorkingDir: root,
  entryPoints: { server: 'src/server.ts', 'portal-admin': 'src/cli/portal-admin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
})
// The testing door (src/testing, @portal/server/testing) is for tests only: never shipped.
const shippedTesting = Object.keys(metafile.inputs).filter((input) =>
  input.includes('src/testing/'),
)
if (shippedTesting.length > 0) {
  throw new Error(`the server bundle must not contain src/testing: ${shippedTesting.join(', ')}`)
}
// Preloaded by `npm run serve` (node --require): sizes libuv's thread pool before it starts.
await copyFile(`${root}src/thread-pool.cjs`, `${root}dist/thread-pool.cjs`)
console.log('apps/server/dist: server.js, portal-admin.js, thread-pool.cjs')
