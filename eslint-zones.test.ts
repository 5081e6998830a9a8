// The import zones of eslint.config.js, held to account: one probe per refused direction
// (STYLE.md "Import direction", docs/testing.md), one per import circle, and imports that must
// stay allowed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('.', import.meta.url))
const eslint = new ESLint({ cwd: root })
const zoneRules = new Set(['import-x/no-restricted-paths', 'import-x/no-cycle'])

/** The zone and circle messages ESLint gives `code` as if it were the file at `filePath`. */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport { x }\n`, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === null || zoneRules.has(message.ruleId))
    .map((message) => message.message)
}

const refused = [
  {
    zone: 'a route file imports the store',
    filePath: 'apps/server/src/modules/probe/probe.routes.ts',
    code: "import { x } from '../../store/users.repo.ts'",
  },
  {
    zone: 'a service imports the tables',
    filePath: 'apps/server/src/modules/probe/probe.service.ts',
    code: "import { x } from '../../store/schema.ts'",
  },
  {
    zone: 'the store imports a plugin',
    filePath: 'apps/server/src/store/probe.repo.ts',
    code: "import { x } from '../plugins/errors.ts'",
  },
  {
    zone: 'a web component imports a feature',
    filePath: 'apps/web/src/components/probe.tsx',
    code: "import { x } from '../features/login/login-api.ts'",
  },
  {
    zone: 'one web feature imports another',
    filePath: 'apps/web/src/features/registration/probe.tsx',
    code: "import { x } from '../login/login-api.ts'",
  },
  {
    zone: 'an API test imports the store',
    filePath: 'apps/server/test/probe/probe.test.ts',
    code: "import { x } from '../../src/store/schema.ts'",
  },
  {
    zone: 'an e2e file imports server source',
    filePath: 'e2e/probe.spec.ts',
    code: "import { x } from '../apps/server/src/store/demo-data.ts'",
  },
  {
    zone: 'shipped server code opens the testing door',
    filePath: 'apps/server/src/lib/probe.ts',
    code: "import { x } from '../testing/arrange.ts'",
  },
  {
    zone: 'the contract imports the server',
    filePath: 'packages/contract/src/probe.ts',
    code: "import { x } from '../../../apps/server/src/lib/clock.ts'",
  },
  // The eight holes of the architecture review (§5.6), each once allowed.
  {
    zone: 'an MFA module file (not named *.service.ts) imports the tables',
    filePath: 'apps/server/src/modules/mfa/mfa-codes.ts',
    code: "import { x } from '../../store/schema.ts'",
  },
  {
    zone: 'the sign-in guard imports the tables',
    filePath: 'apps/server/src/modules/signin/flow-guard.ts',
    code: "import { x } from '../../store/schema.ts'",
  },
  {
    // Only route files know the transport, so a route helper is a route file (which may not
    // reach the store) or a service (which may not reach the plugins).
    zone: 'a route helper not named *.routes.ts reaches both the transport and the store',
    filePath: 'apps/server/src/modules/probe/probe-route-helper.ts',
    code: "import { HttpError } from '../../plugins/errors.ts'\nimport { x } from '../../store/users.repo.ts'\nexport { HttpError }",
  },
  {
    zone: 'a route file imports the store dynamically',
    filePath: 'apps/server/src/modules/probe/probe.routes.ts',
    code: "const { x } = await import('../../store/users.repo.ts')",
  },
  {
    zone: 'a route file imports drizzle',
    filePath: 'apps/server/src/modules/probe/probe.routes.ts',
    code: "import { x } from 'drizzle-orm'",
  },
  {
    zone: 'lib/ imports a plugin',
    filePath: 'apps/server/src/lib/probe.ts',
    code: "import { x } from '../plugins/errors.ts'",
  },
  {
    zone: 'delivery/ imports a plugin',
    filePath: 'apps/server/src/delivery/probe.ts',
    code: "import { x } from '../plugins/rate-limits.ts'",
  },
  {
    zone: 'a service imports a plugin',
    filePath: 'apps/server/src/modules/probe/probe.service.ts',
    code: "import { x } from '../../plugins/errors.ts'",
  },
  {
    zone: 'web lib/ imports a feature',
    filePath: 'apps/web/src/lib/probe.ts',
    code: "import { x } from '../features/login/login-api.ts'",
  },
  {
    zone: 'web lib/ imports a component',
    filePath: 'apps/web/src/lib/probe.ts',
    code: "import { x } from '../components/error-banner.tsx'",
  },
  {
    zone: 'web lib/ imports the server',
    filePath: 'apps/web/src/lib/probe.ts',
    code: "import { x } from '../../../server/src/app.ts'",
  },
  // The sign-in's pure rules read the contract alone.
  {
    zone: 'the flow table imports the clock',
    filePath: 'apps/server/src/modules/signin/flow.ts',
    code: "import { x } from '../../lib/clock.ts'",
  },
  {
    zone: 'the program check imports a repository',
    filePath: 'apps/server/src/modules/signin/program-check.ts',
    code: "import { x } from '../../store/users.repo.ts'",
  },
  {
    zone: 'the lockout policy imports a package other than the contract',
    filePath: 'apps/server/src/modules/signin/lockout-policy.ts',
    code: "import { x } from 'fastify'",
  },
]

// The first lint loads the whole configuration (typescript-eslint and all): seconds on a busy machine.
describe('import zones', { timeout: 60_000 }, () => {
  it.each(refused)('refuses: $zone', async ({ filePath, code }) => {
    expect(await refusals(filePath, code)).toHaveLength(1)
  })

  it('allows e2e and API tests through the testing door (the store to an engine test), and a feature its own files and components', async () => {
    expect(
      await refusals('e2e/probe.spec.ts', "import { x } from '@portal/server/testing'"),
    ).toEqual([])
    expect(
      await refusals('apps/server/test/probe/probe.test.ts', "import { x } from '../harness.ts'"),
    ).toEqual([])
    expect(
      await refusals(
        'apps/server/test/probe/probe.postgres.test.ts',
        "import { x } from '../../src/store/db.ts'",
      ),
    ).toEqual([])
    expect(
      await refusals(
        'apps/web/src/features/registration/probe.tsx',
        "import { x } from './registration-api.ts'\nimport { y } from '../../components/text-field.tsx'\nexport { y }",
      ),
    ).toEqual([])
  })

  it('allows the sign-in rules the contract and one another, and a route file a plugin', async () => {
    expect(
      await refusals(
        'apps/server/src/modules/signin/program-check.ts',
        "import { x } from '@portal/contract'\nimport { y } from './flow.ts'\nexport { y }",
      ),
    ).toEqual([])
    expect(
      await refusals(
        'apps/server/src/modules/probe/probe.routes.ts',
        "import { x } from '../../plugins/errors.ts'",
      ),
    ).toEqual([])
  })
})

// A circle needs both files on disk: each probe writes a pair into the folder where such a
// circle once stood (§3 of the architecture review), lints one, and removes them.
const circles = [
  {
    circle: 'two repositories import each other',
    folder: 'apps/server/src/store',
    other: "import { a } from './probe-a.repo.ts'\nexport const b = a",
    probe: "import { b } from './probe-b.repo.ts'\nexport const a = 1\nexport const x = b",
  },
  {
    circle: 'an email template and its translation import each other',
    folder: 'apps/server/src/delivery',
    other: "import { a } from './probe-a.ts'\nexport const b = a",
    probe: "import { b } from './probe-b.ts'\nexport const a = 1\nexport const x = b",
  },
  {
    circle: 'the texts load a catalogue that imports them back',
    folder: 'apps/web/src/i18n',
    other: "import { a } from './probe-a.ts'\nexport const b = a",
    probe:
      "export const a = 1\nexport const x = () => import('./probe-b.ts').then((module) => module.b)",
  },
]

describe('import circles', { timeout: 60_000 }, () => {
  it.each(circles)('refuses: $circle', async ({ folder, other, probe }) => {
    const dir = await mkdtemp(join(root, folder, '.circle-probe-'))
    try {
      const [a, b] = ['a', 'b'].map((name) =>
        join(dir, `probe-${name}${folder.endsWith('store') ? '.repo' : ''}.ts`),
      )
      await writeFile(a as string, probe)
      await writeFile(b as string, other)
      const [result] = await eslint.lintText(probe, { filePath: relative(root, a as string) })
      const messages = (result?.messages ?? []).filter(
        ({ ruleId }) => ruleId === 'import-x/no-cycle',
      )
      expect(messages).toHaveLength(1)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
