// API tests reach the service through the testing door (src/testing, @portal/server/testing).
export * from '../src/testing/index.ts'
