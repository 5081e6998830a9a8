import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'

/** One refused import: a regular expression on the import's text, and why it is refused. */
const zone = (path, message) => ({ regex: `(^|/)${path}`, message })
const restrict = (files, ...zones) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: zones.flat() }] },
})

// Server and web import the contract, never each other.
const notServer = {
  group: ['**/apps/server/**', '@portal/server', '@portal/server/*'],
  message: 'the web never imports the server',
}
const notWeb = {
  group: ['**/apps/web/**', '@portal/web', '@portal/web/*'],
  message: 'the server never imports the web',
}
// The testing door (src/testing) is for tests; shipped code never opens it.
const notTesting = {
  regex: '(^|/)testing/|^@portal/server/testing$',
  message: 'src/testing is for tests only',
}
// features/* never import each other (bulletproof-react): from features/<name>/, `../x/` is another feature.
const webFeatures = readdirSync(new URL('apps/web/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const otherFeatures = (feature) => ({
  regex: `^\\.\\./(?!${feature}/)[^./][^/]*/|(^|/)features/(?!${feature}/)`,
  message: 'a feature never imports another feature: move what both need to lib/ or components/',
})

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', 'apps/server/drizzle/**'] },
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
  // Import direction (STYLE.md, docs/testing.md), one `no-restricted-imports` list per kind of
  // file. ESLint keeps only the last matching block's options for a rule, so each list repeats
  // the workspace rule it narrows. The probes in eslint-zones.test.ts hold each zone to account.
  restrict(['apps/web/**'], notServer),
  restrict(
    ['apps/web/src/components/**'],
    notServer,
    zone('features/', 'components never import features'),
  ),
  ...webFeatures.map((feature) =>
    restrict([`apps/web/src/features/${feature}/**`], notServer, otherFeatures(feature)),
  ),
  restrict(['apps/server/**', 'packages/contract/**'], notWeb),
  restrict(['apps/server/src/**'], notWeb, notTesting),
  restrict(
    ['apps/server/src/**/*.routes.ts'],
    notWeb,
    notTesting,
    zone('store/', 'routes call services, never the store'),
  ),
  restrict(
    ['apps/server/src/**/*.service.ts'],
    notWeb,
    notTesting,
    zone('store/schema(\\.ts)?$', 'services query through repositories, never the tables'),
  ),
  restrict(
    ['apps/server/src/store/**'],
    notWeb,
    notTesting,
    zone('plugins/', 'the store knows nothing of transport'),
  ),
  restrict(['apps/server/src/testing/**'], notWeb),
  // API tests arrange and read back through the testing door's verbs (src/testing/arrange.ts,
  // by test/harness.ts), never the store: a change of tables is adapted in one place. Excepted:
  // the files whose subject is the store itself or one engine, each said below.
  {
    ...restrict(
      ['apps/server/test/**'],
      notWeb,
      zone('src/store/', 'API tests arrange through test/harness.ts (src/testing/arrange.ts)'),
    ),
    ignores: [
      'apps/server/test/global-setup.ts', // migrates and seeds the template databases
      'apps/server/test/**/*.postgres.test.ts', // one engine's processes, plans, faults
      'apps/server/test/**/*.pglite.test.ts',
      'apps/server/test/authentication/sign-in-statement.test.ts', // the one-statement sign-in
      'apps/server/test/signin/session-member.test.ts', // the columns the store's reads return
    ],
  },
  restrict(['e2e/**'], {
    regex: '(^|/)apps/|^@portal/web|^@portal/server(?!/testing$)',
    message: 'e2e reaches the service only through @portal/server/testing',
  }),
)
