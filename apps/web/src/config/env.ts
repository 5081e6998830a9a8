// The portal's configuration, judged when Vite built the page (config/portal-config.ts) and
// written into it as a constant: the browser gets the values, not the code that checks them.
import type { PortalConfig } from './portal-config.ts'

declare const __PORTAL_CONFIG__: PortalConfig

export const env: PortalConfig = __PORTAL_CONFIG__
