// Issue 31: the image and the compose file, checked without a container engine: they parse,
// start the service the way `npm run serve` does, and set only environment variables that
// apps/server/src/config.ts reads. The Kubernetes manifests: kubernetes.test.ts beside this.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { settingNames } from '../../src/config.ts'
import { root } from '../operations/processes.ts'

const read = (path: string) => readFileSync(`${root}${path}`, 'utf8')
const known = new Set(settingNames)

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile')
  const lines = dockerfile.split('\n').filter((line) => !line.startsWith('#'))

  it('runs node on the built service exactly as npm run serve does, as a non-root user', () => {
    const serve = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts
      .serve
    const cmd = lines.filter((line) => line.startsWith('CMD ')).at(-1) ?? ''
    expect((JSON.parse(cmd.slice(4)) as string[]).join(' ')).toBe(serve)
    const users = lines.filter((line) => line.startsWith('USER '))
    expect(users.at(-1)).toMatch(/^USER (node|[1-9]\d*)$/)
  })

  it('builds in one stage and runs in a slim one with production dependencies and no demo data', () => {
    expect(lines.filter((line) => /^FROM /.test(line))).toHaveLength(2)
    expect(dockerfile).toMatch(/^FROM .*slim AS runtime$/m)
    expect(dockerfile).toContain('npm ci --omit=dev')
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/healthz/)
    expect(dockerfile).not.toMatch(/DEMO_MODE|SEED_DEMO_DATA|--demo/)
    expect(dockerfile).toContain('NODE_ENV=production')
  })

  it("builds on .nvmrc's Node release, the one CI tests on", () => {
    const nodeVersion = /^ARG NODE_VERSION=(\S+)$/m.exec(dockerfile)?.[1]
    expect(nodeVersion).toBe(read('.nvmrc').trim())
    expect(dockerfile).toMatch(/^FROM node:\$\{NODE_VERSION\}-bookworm-slim AS build$/m)
    expect(dockerfile).toMatch(/^FROM node:\$\{NODE_VERSION\}-bookworm-slim AS runtime$/m)
  })

  it('has a software bill of materials of what the image ships, and only that (CycloneDX)', async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'sbom'], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    })
    const sbom = JSON.parse(stdout) as { bomFormat: string; components: { name: string }[] }
    expect(sbom.bomFormat).toBe('CycloneDX')
    const names = sbom.components.map((component) => component.name)
    // zod, nodemailer, react and pg-protocol are what `npm sbom --omit dev` left out: a
    // devDependency depends on them too (scripts/sbom.mjs).
    expect(names).toEqual(
      expect.arrayContaining(['fastify', 'intl-messageformat', 'pg', 'zod', 'nodemailer', 'react']),
    )
    expect(names).toContain('pg-protocol')
    for (const devOnly of ['vitest', 'eslint', 'typescript', 'vite']) {
      expect(names).not.toContain(devOnly)
    }
  })

  it('is given a .dockerignore that keeps installed and built files out of the context', () => {
    const ignore = read('.dockerignore').split('\n')
    for (const entry of ['**/node_modules', '**/dist', '.git', 'data'])
      expect(ignore).toContain(entry)
  })
})

describe('the compose file', () => {
  const compose = parseAllDocuments(read('compose.yaml'))[0]?.toJS() as {
    services: Record<
      string,
      {
        command?: string[]
        environment?: Record<string, string>
        depends_on?: Record<string, { condition: string }>
      }
    >
  }

  it('brings up the portal, PostgreSQL, Redis, a mail catcher and a one-shot migration', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['mail', 'migrate', 'portal', 'postgres', 'redis'].sort(),
    )
    expect(compose.services.migrate?.command).toEqual([
      'node',
      'apps/server/dist/portal-admin.js',
      'migrate',
    ])
    expect(Object.keys(compose.services.migrate?.environment ?? {})).toEqual(['DATABASE_URL'])
    expect(compose.services.portal?.depends_on?.migrate).toEqual({
      condition: 'service_completed_successfully',
    })
    expect(compose.services.portal?.environment?.MIGRATE_ON_START).toBe('false')
  })

  it('sets only variables the service reads', () => {
    for (const name of ['portal', 'migrate']) {
      const unknown = Object.keys(compose.services[name]?.environment ?? {}).filter(
        (variable) => !known.has(variable),
      )
      expect(unknown, name).toEqual([])
    }
  })
})
