// Browser tests need Chromium. Finds it at CHROMIUM_PATH or /usr/bin/chromium; if it is
// missing and we are root with apt, installs Debian's package; otherwise stops and says so.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
if (existsSync(path)) process.exit(0)

const isRoot = process.getuid?.() === 0
const hasApt = existsSync('/usr/bin/apt-get')
if (!isRoot || !hasApt || process.env.CHROMIUM_PATH) {
  console.error(
    `Chromium was not found at ${path}. Install Debian's "chromium" package ` +
      '(apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.',
  )
  process.exit(1)
}
console.log("Chromium is missing: installing Debian's chromium package…")
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
if (!existsSync(path)) {
  console.error(`apt-get installed chromium, but ${path} is still missing.`)
  process.exit(1)
}
