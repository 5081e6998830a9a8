// The import zones of eslint.config.js, held to account: one probe per refused direction
// (STYLE.md "Import direction", docs/testing.md), and one import that must stay allowed.
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: fileURLToPath(new URL('.', import.meta.url)) })

/** The no-restricted-imports messages ESLint gives `code` as if it were the file at `filePath`. */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport { x }\n`, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
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
})
