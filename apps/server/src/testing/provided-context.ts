// What global setup hands to every test file (vitest's provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteImagePath: string
    postgresTemplate: string
  }
}

export {}
