import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Import direction (STYLE.md): server and web import the contract, never each other.
    files: ['apps/web/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/server/**', '@portal/server'] }],
    },
  },
  {
    files: ['apps/server/**', 'packages/contract/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/web/**', '@portal/web'] }],
    },
  },
  // The server's floors (STYLE.md): routes → services → store; the store knows no transport.
  // Each entry repeats the rule above, because a later entry replaces a rule's options.
  ...[
    ['apps/server/src/modules/**/*.routes.ts', '**/store/**'],
    ['apps/server/src/**/*.service.ts', '**/store/schema.ts'],
    ['apps/server/src/store/**', '**/plugins/**'],
  ].map(([files, forbidden]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/apps/web/**', '@portal/web', forbidden] },
      ],
    },
  })),
)
