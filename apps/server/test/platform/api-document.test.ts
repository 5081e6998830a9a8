// Spec §7 as a document: GET /api/openapi.json is valid OpenAPI 3, lists every call of the
// spec with its method, marks this service's additions, and matches the committed copy.
import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { validate } from '@readme/openapi-parser'
import Fastify from 'fastify'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extensionCalls, extensionMark, specCalls } from '@portal/contract'
import apiSchemas, { withSchemas } from '../../src/plugins/api-schemas.ts'
import errors from '../../src/plugins/errors.ts'
import { startTestApp, type TestApp } from '../harness.ts'

const committedCopy = fileURLToPath(new URL('../../../../docs/api/openapi.json', import.meta.url))

type Operation = Record<string, unknown> & { operationId?: string }
type Document = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown> }
  [key: string]: unknown
}

let t: TestApp
let doc: Document
beforeAll(async () => {
  t = await startTestApp()
  const response = await t.client().get('/api/openapi.json')
  expect(response.statusCode).toBe(200)
  doc = response.json()
})
afterAll(() => t.close())

const operationAt = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()]

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3', async () => {
    expect(doc.openapi).toMatch(/^3\./)
    const result = await validate(structuredClone(doc) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
  })

  it('lists all 36 calls of spec §7, each with its method', () => {
    const calls = Object.entries(specCalls)
    expect(calls).toHaveLength(36)
    for (const [name, call] of calls) {
      expect(operationAt(call.method, call.path), `${call.method} ${call.path}`).toMatchObject({
        operationId: name,
      })
    }
  })

  it("marks the service's own calls and fields as extensions, with a fallback for each", () => {
    for (const [name, call] of Object.entries(extensionCalls)) {
      expect(operationAt(call.method, call.path)).toMatchObject({
        operationId: name,
        [extensionMark]: true,
      })
    }
    for (const call of Object.values(specCalls)) {
      expect(operationAt(call.method, call.path)?.[extensionMark]).toBeUndefined()
    }
    const text = JSON.stringify(doc)
    const fields = ['nextScreen', 'verdict', 'association', 'eligibility', 'resendAfterSeconds']
    const mfaFields = ['attemptsLeft', 'rememberDevice', 'firstCodeAtOnce', 'codeSentBy']
    for (const field of [...fields, ...mfaFields]) {
      expect(text).toMatch(new RegExp(`"${field}":\\{[^}]*"${extensionMark}":true`))
    }
    const fallbacks = doc['x-portal-extension-fallbacks'] as Record<string, string>
    expect(Object.keys(fallbacks).sort()).toEqual(
      [
        'association',
        'attemptsLeft',
        'eligibility',
        'firstCodeAtOnce',
        'handoff',
        'mfaAuthenticate',
        'nextScreen',
        'sessionKeepAlive',
        'sessionTime',
        'passkeys',
        'rememberDevice',
        'resendAfterSeconds',
        'verdict',
      ].sort(),
    )
  })

  it('documents only the API: every operation is a spec call or a marked extension', () => {
    const known = new Set(
      [...Object.values(specCalls), ...Object.values(extensionCalls)].map(
        (c) => `${c.method} ${c.path}`,
      ),
    )
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        expect(known, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`)
      }
    }
  })

  it('declares request and answer schemas, closed to fields it does not take', () => {
    const login = operationAt('POST', specCalls.authenticate.path) as {
      requestBody: { content: Record<string, { schema: Record<string, unknown> }> }
      responses: Record<string, unknown>
    }
    const form = login.requestBody.content['application/x-www-form-urlencoded']?.schema
    expect(form).toMatchObject({
      required: ['userName', 'password', 'velLevel1Org'],
      additionalProperties: false,
    })
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['201', '400', '403']))
  })

  it('is the copy committed under docs/api/openapi.json', async () => {
    const generated = `${JSON.stringify(doc, null, 2)}\n`
    // UPDATE_API_DOCUMENT=1 rewrites the copy after a deliberate change to the API.
    if (process.env.UPDATE_API_DOCUMENT === '1') await writeFile(committedCopy, generated)
    expect(await readFile(committedCopy, 'utf8')).toBe(generated)
  })
})

describe('declared answers', () => {
  it('carry only the fields their schema declares', async () => {
    const app = Fastify()
    await app.register(errors)
    await app.register(apiSchemas)
    const schema = { response: { 200: z.object({ name: z.string() }) } }
    withSchemas(app).get('/leaky', { schema }, async () => ({
      name: 'Dana',
      passwordHash: '$argon2id$secret',
    }))
    try {
      const response = await app.inject({ url: '/leaky' })
      expect(response.json()).toEqual({ name: 'Dana' })
    } finally {
      await app.close()
    }
  })
})

describe('the API reference page', () => {
  it('is served in demo mode, rendered from the document, with no script', async () => {
    const page = await t.client().get('/api/reference')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).not.toMatch(/<script/i)
    for (const call of Object.values(specCalls)) expect(page.body).toContain(call.path)
    expect(page.body).toContain('service extension')
    expect((await t.client().get('/api/reference.css')).statusCode).toBe(200)
  })

  it('is not there outside demo mode; the document is', async () => {
    const live = await startTestApp({
      env: {
        DEMO_MODE: 'false',
        SESSION_SECRET: randomBytes(32).toString('base64'),
        PL_HANDOFF_KEY: randomBytes(32).toString('base64'),
      },
    })
    try {
      expect((await live.client().get('/api/reference')).statusCode).toBe(404)
      const document = await live.client().get('/api/openapi.json')
      expect(document.json()).toEqual(doc)
    } finally {
      await live.close()
    }
  })
})
