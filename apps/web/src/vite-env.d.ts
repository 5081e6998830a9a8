/// <reference types="vite/client" />

/** The commonest passwords, one a line (apps/web/build/common-passwords.ts). */
declare module 'virtual:common-passwords' {
  const entries: string
  export default entries
}
