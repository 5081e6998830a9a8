/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string
  readonly VITE_PRIVACY_POLICY_URL?: string
  readonly VITE_TERMS_OF_USE_URL?: string
  readonly VITE_CONSULTING_FIRM_URL?: string
  readonly VITE_POLICY_HIGHLIGHTS_URL?: string
  readonly VITE_LIVE_CHAT_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
