// API tests reach the service through the testing door (src/testing, @portal/server/testing).
import { afterAll, beforeAll, expect } from 'vitest'
import type { StaffRoleName } from '@portal/contract/console'
import { staffService } from '../src/modules/support/staff.service.ts'
import { demoCustomers, startTestApp, type TestApp } from '../src/testing/index.ts'

export * from '../src/testing/index.ts'

/**
 * The file's one app: started before its tests, closed after them. What it answers is the
 * started app; read it inside a test or a hook, not at the file's top level.
 */
export function appForFile(options?: Parameters<typeof startTestApp>[0]): TestApp {
  let started: TestApp | undefined
  beforeAll(async () => {
    started = await startTestApp(options)
  })
  afterAll(() => started?.close())
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!started) throw new Error('The app starts before the tests: read it inside one.')
      return Reflect.get(started, key) as unknown
    },
  })
}

/** A demo customer by username (a test's fixture: it throws for a name the demo lacks). */
export function demoCustomer(username: string): (typeof demoCustomers)[number] {
  const customer = demoCustomers.find((d) => d.username === username)
  if (!customer) throw new Error(`no demo customer ${username}`)
  return customer
}

/**
 * A staff account made as an operator makes one, without the audit row of its making; its
 * temporary password. By default one that must choose its own password first (A1).
 */
export async function newStaff(
  t: TestApp,
  email: string,
  role: StaffRoleName,
  { mustChangePassword = true }: { mustChangePassword?: boolean } = {},
): Promise<string> {
  const created = await staffService({
    store: t.store,
    audit: { record: async () => undefined },
    writer: t.app.outbox.writer,
    clock: t.clock,
    codeKey: Buffer.alloc(32),
  }).create(email, role, 'operator:test', { mustChangePassword })
  if (!created.ok) throw new Error(`staff ${email} exists`)
  return created.temporaryPassword
}

/**
 * The headers of an answer that is data, never a page (plugins/security.ts
 * `apiSecurityHeaders`): a policy that allows nothing, never cached, not sniffed or framed.
 */
export function expectDataAnswerHeaders(headers: Record<string, unknown>): void {
  expect(headers['content-security-policy']).toBe(
    "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  )
  expect(headers['cache-control']).toBe('no-store')
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-frame-options']).toBe('SAMEORIGIN')
  expect(headers['cross-origin-resource-policy']).toBe('same-origin')
}
