// Debian's Chromium, headless, as the browser tests and the first-load bench both start it:
// no sandbox (containers), and nothing that reaches the network on its own, so that what a
// page loads is all that crosses the wire.
import { chromium, type Browser } from 'playwright-core'

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  })
}
