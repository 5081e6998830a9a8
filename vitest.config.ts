import { defineConfig } from 'vitest/config'
import { commonPasswords } from './apps/web/build/common-passwords.ts'
import { parsePortalConfig } from './apps/web/src/config/portal-config.ts'

// One run, several projects. API tests run on the embedded PGlite always, and again on
// PostgreSQL when DATABASE_URL is set (CI sets it). Each test file gets its own database,
// cloned from one prepared in global setup, so files run in parallel without sharing state.
const apiOn = (database: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${database}`,
    include: ['apps/server/test/**/*.test.ts'],
    // A file named *.postgres.test.ts or *.pglite.test.ts is about that engine alone.
    exclude: [`apps/server/test/**/*.${database === 'pglite' ? 'postgres' : 'pglite'}.test.ts`],
    env: { TEST_DATABASE: database },
    globalSetup: ['apps/server/test/global-setup.ts'],
    // A worker keeps the modules it imported for its next file: each file builds its own app on
    // its own database, so nothing else carries over, and evaluating the service's module graph
    // again for every file was half of these projects' CPU (54 s of imports for 15 files).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

// The portal's modules read their configuration from the build (apps/web/vite.config.ts):
// in tests, a build with nothing set. A fresh object per project: Vitest takes the keys out of
// the `define` it is given, so a shared one would reach only the first project.
const portalBuild = () => ({ __PORTAL_CONFIG__: JSON.stringify(parsePortalConfig({})) })

export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on a 2-core runner), but a worker mostly
    // waits: on the browser, the portal it started, or PostgreSQL. Every core has a worker;
    // files share nothing (each has its own database, ports and browser), so they may overlap.
    maxWorkers: '100%',
    projects: [
      {
        define: portalBuild(),
        test: {
          name: 'unit',
          include: [
            'packages/contract/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
            // The import zones of eslint.config.js.
            'eslint-zones.test.ts',
          ],
          setupFiles: ['apps/web/src/test/load-texts.ts'],
        },
      },
      {
        // The portal's screens rendered in a DOM and used as a person would (STYLE.md): the
        // network is faked at `fetch`, nothing of the portal's own is mocked.
        define: portalBuild(),
        plugins: [commonPasswords()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          unstubGlobals: true,
          // The first test of a file also waits for its screen's chunk to be transformed.
          testTimeout: 15_000,
        },
      },
      apiOn('pglite'),
      ...(process.env.DATABASE_URL ? [apiOn('postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          env: { TEST_DATABASE: 'pglite' },
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
})
