// @portal/server/testing: the one door from tests into the service (docs/testing.md).
// Browser tests (e2e/) import the service only from here; API tests (apps/server/test/) use
// it through test/harness.ts. Nothing in src/ outside this folder imports it, and build.mjs
// refuses a bundle that contains it.
export { startTestApp, TestClient, manualClock, openTestDatabase, testConfig } from './harness.ts'
export type { TestApp, ManualClock } from './harness.ts'
export { freePort, startPortal, type Portal } from './portal.ts'
// What tests arrange, and read back, named as a tester says them.
export * from './arrange.ts'
export * from './read-back.ts'
export { launchBrowser } from './chromium.ts'
export { maskEmail, maskPhone } from '@portal/contract'
export { demoCustomers, demoMailingPhones, demoPassword } from '../store/demo-data.ts'
export type { Clock } from '../lib/clock.ts'
export type { Database } from '../store/db.ts'
export { SoftwareAuthenticator, type CeremonyTweaks } from './software-authenticator.ts'
