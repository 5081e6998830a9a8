import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'

// React Router 7 exports only its development build; production builds must ask for the
// production one (its own Vite plugin does the same), or warnings and checks ship to users.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
)

// In development the portal runs on Vite and the login service on :8080; the proxy keeps
// every call same-origin, exactly as in production where the service serves the build.
const service = 'http://127.0.0.1:8080'

export default defineConfig(({ command }) => ({
  base: '/',
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  // Brotli and gzip copies beside each asset, made once at build: the service sends the one
  // the browser accepts without compressing on every request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 512 })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The benchmark reads it to know exactly what the login page loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries change less often than the portal: one long-cached chunk for them.
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': service,
      '/demo': service,
    },
  },
}))
