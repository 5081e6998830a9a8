import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import { readdirSync } from 'node:fs'

// Import direction (STYLE.md, docs/testing.md) as zones by folder, on the file an import
// resolves to (a relative path and a package name alike), static and dynamic imports alike
// (import-x/no-restricted-paths, as bulletproof-react states its rules). The probes in
// eslint-zones.test.ts hold each zone to account.
const server = 'apps/server/src'
const modules = `${server}/modules`
const web = 'apps/web/src'
// The sign-in's pure rules: the flow table, the program check, the lockout policy.
const signInRules = `**/${modules}/signin/{flow,program-check.service,program-check,lockout-policy}.ts`
// features/* never import each other (bulletproof-react).
const webFeatures = readdirSync(new URL(`${web}/features/`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const folderZones = [
  // Server and web import the contract, never each other (TypeScript refuses it too: each is
  // its own project, TS6059/TS6307); the contract imports neither.
  {
    target: ['apps/web', 'packages/contract'],
    from: ['apps/server'],
    message: 'only the contract is shared between server and web',
  },
  {
    target: ['apps/server', 'packages/contract'],
    from: ['apps/web'],
    message: 'only the contract is shared between server and web',
  },
  // The testing door (src/testing) is for tests; shipped code never opens it.
  {
    target: [`${server}/!(testing)/**`, `${server}/*`],
    from: [`**/${server}/testing/**`],
    message: 'src/testing is for tests only',
  },
  {
    target: 'e2e',
    from: ['apps'],
    except: ['./server/src/testing'],
    message: 'e2e reaches the service only through @portal/server/testing',
  },
  {
    target: `${modules}/**`,
    from: [`${server}/store/schema.ts`],
    message: 'modules query through repositories, never the tables',
  },
  {
    target: `${modules}/**`,
    from: ['**/node_modules/drizzle-orm/**'],
    message: 'modules query through repositories, never drizzle',
  },
  {
    // The HTTP floor of a module is its route files, the sign-in guard and the sign-in's moves
    // (signin/sign-in.ts, which moves the request's session): a helper of a route is a route
    // file, or it is a service and knows nothing of transport.
    target: `${modules}/**/!(*.routes|*.test|flow-guard|sign-in).ts`,
    from: [`${server}/plugins`],
    message: 'only route files (and the sign-in guard and moves) know the transport',
  },
  {
    target: `${server}/**/*.routes.ts`,
    from: [`${server}/store`],
    message: 'routes call services, never the store',
  },
  {
    target: signInRules,
    from: ['**/apps/**', '**/node_modules/**'],
    except: [signInRules],
    message: 'the sign-in rules read the contract alone',
  },
  {
    target: [`${server}/lib/**`, `${server}/delivery/**`, `${server}/store/**`],
    from: [`${server}/plugins`],
    message: 'lib/, delivery/ and the store know nothing of transport',
  },
  {
    target: `${web}/lib/**`,
    from: [`${web}/features`, `${web}/components`],
    message: 'lib/ is under features and components, never over them',
  },
  {
    target: `${web}/components/**`,
    from: [`${web}/features`],
    message: 'components never import features',
  },
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: [`${web}/features`],
    except: [`./${feature}`],
    message: 'a feature never imports another feature: move what both need to lib/ or components/',
  })),
]

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/bench-dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      // Which files no-cycle reads, and with what: the TypeScript sources, not node_modules.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules'],
      // Never parsed: a bundled file of a library (PGlite's) overflows the parser's stack.
      'import-x/ignore': ['[\\\\/]node_modules[\\\\/]'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: folderZones }],
      // Type-only imports do not count: they leave no trace at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // API tests arrange and read back through the testing door's verbs (src/testing/arrange.ts,
  // by test/harness.ts), never the store: a change of tables is adapted in one place. Excepted:
  // the files whose subject is the store itself or one engine, each said below. (The last
  // matching block sets a rule's options, so this one repeats the folder zones.)
  {
    files: ['apps/server/test/**/*.ts'],
    ignores: [
      'apps/server/test/global-setup.ts', // migrates and seeds the template databases
      'apps/server/test/**/*.postgres.test.ts', // one engine's processes, plans, faults
      'apps/server/test/**/*.pglite.test.ts',
      'apps/server/test/authentication/sign-in-statement.test.ts', // the one-statement sign-in
      'apps/server/test/signin/session-member.test.ts', // the columns the store's reads return
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...folderZones,
            {
              target: 'apps/server/test',
              from: [`${server}/store`],
              message: 'API tests arrange through test/harness.ts (src/testing/arrange.ts)',
            },
          ],
        },
      ],
    },
  },
)
