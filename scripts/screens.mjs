// Captures every screen of both flavours (spec §2 screens 1-16 and the extra routes) at a
// phone width (375 px) and a desktop width (1280 px), as full-size, full-colour PNGs in
// docs/screens/ (error states, the spinner and pl's Contact Us popup included), by walking
// the running portal as a person would: links and buttons, codes read from the demo outbox.
//
//   DATA_DIR=$(mktemp -d) npm start &      # a demo portal on a fresh database
//   node scripts/screens.mjs [baseUrl]     # default http://localhost:8080
//
// The walk registers each flavour's demo newcomer (BC10002 for bclip, PL10002 for pl), so
// it needs a database where they have no account yet: a fresh DATA_DIR.
// The functions given to page.evaluate run in the browser.
/* global document */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const baseUrl = (process.argv[2] ?? 'http://localhost:8080').replace(/\/$/, '')
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'screens')
const widths = { phone: 375, desktop: 1280 }
/** Tall pages are cut here, to keep the gallery small. */
const maxHeight = 1600
// No common word and no name in it: the service refuses guessable passwords (issue 28).
const password = 'Harbor#Lantern58'
const newPassword = 'Cobalt#Meadow73'

/** The two flavours' walks: the program, its newcomer (spec demo data) and its texts. */
const walks = [
  {
    flavour: 'usweb',
    area: 'usweb',
    loginPath: '/usweb/login?prgName=bclip&level1Org=100',
    account: { label: 'Account Number', typed: 'BC10002', email: 'bclip.new@example.com' },
    phone: '5555560100',
    register: { link: 'Sign Up', next: 'Next' },
    username: 'bclip_gallery',
  },
  {
    flavour: 'pl',
    area: 'proliability',
    loginPath: '/proliability/login',
    account: { label: 'Account Number', typed: 'PL10002', email: 'proliability.new@example.com' },
    phone: '5555560118',
    register: { link: 'Register', next: 'Continue' },
    username: 'pl_gallery',
  },
]

/** Extra login screens whose program changes what they show (spec §2 screen 1). */
const extraLogins = [
  { name: 'usweb-augustar-login', path: '/usweb/login?prgName=augustar&level1Org=100' },
  { name: 'usweb-dtcria-login', path: '/usweb/login?prgName=dtcria&level1Org=100' },
]

async function outbox() {
  const response = await fetch(`${baseUrl}/dev/outbox.json`)
  if (!response.ok)
    throw new Error(`outbox: status ${response.status} (is the portal in demo mode?)`)
  return response.json()
}

async function newestId() {
  return (await outbox())[0]?.id ?? 0
}

const captured = []

/**
 * Waits for the screen, lets the spinner settle (unless the spinner is the subject), moves
 * the pointer out of the way (no hover states), and saves it at both widths: full size, full
 * colour, lossless PNG, so that the gallery shows the product as it renders.
 */
async function shoot(page, name, { keepSpinner = false, keepWidth = false } = {}) {
  await page.locator('h1').first().waitFor()
  const sizes = keepWidth ? { [keepWidth]: widths[keepWidth] } : widths
  for (const [widthName, width] of Object.entries(sizes)) {
    if (!keepWidth) {
      await page.setViewportSize({ width, height: widthName === 'phone' ? 812 : 900 })
    }
    if (!keepSpinner) {
      await page
        .locator('.spinner')
        .first()
        .waitFor({ state: 'hidden', timeout: 5000 })
        .catch(() => {})
      await page.waitForTimeout(350)
    }
    await page.mouse.move(0, 0)
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    const file = `${name}-${widthName}.png`
    const shot = await page.screenshot({
      fullPage: !keepSpinner,
      animations: keepSpinner ? 'allow' : 'disabled',
      clip: keepSpinner ? undefined : { x: 0, y: 0, width, height: Math.min(height, maxHeight) },
    })
    writeFileSync(join(outDir, file), shot)
    captured.push({ name, widthName, file })
    console.log(`  ${file}`)
  }
  if (!keepWidth) await page.setViewportSize({ width: widths.phone, height: 812 })
}

async function walk(browser, w) {
  const context = await browser.newContext({ viewport: { width: widths.phone, height: 812 } })
  const page = await context.newPage()
  const onScreen = (segment) =>
    page.waitForURL((url) => url.pathname === `/${w.area}/${segment}`, { timeout: 15000 })
  const screen = async (segment) => {
    await onScreen(segment)
    if (!w.only || w.only.includes(segment)) await shoot(page, `${w.flavour}-${segment}`)
  }
  const button = (name) => page.getByRole('button', { name, exact: true })
  const link = (name) => page.getByRole('link', { name, exact: true })
  const backToLogin = async () => {
    await link('Return to Login').click()
    await onScreen('login')
  }
  const login = async (username, secret) => {
    await page.getByLabel('Username').fill(username)
    await page.getByLabel('Password', { exact: true }).fill(secret)
    await button('Login').click()
  }
  const username = w.username

  await page.goto(`${baseUrl}${w.loginPath}`)
  await screen('login')

  // Errors as the customer meets them: a wrong password, and a form sent empty.
  await login(`${w.flavour}_nobody`, 'Wrong#Password1')
  await page.getByRole('alert').waitFor()
  await shoot(page, `${w.flavour}-login-error`)
  if (w.flavour === 'pl') {
    // pl's Contact Us popup.
    await page.getByRole('button', { name: /Contact Us/ }).click()
    await page.getByRole('dialog').waitFor()
    await shoot(page, 'pl-contact-us')
    await page.keyboard.press('Escape')
  }
  // The spinner, held up by a slow answer.
  const slowLogin = '**/api/us-web-authentication/authenticate*'
  await page.route(slowLogin, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await login(`${w.flavour}_nobody`, 'Wrong#Password1')
  await page.locator('.spinner').first().waitFor({ state: 'visible' })
  await page.waitForTimeout(400)
  await shoot(page, `${w.flavour}-spinner`, { keepSpinner: true, keepWidth: 'phone' })
  await page.getByRole('alert').waitFor()
  await page.unroute(slowLogin)

  const phone = w.phone
  const identify = async () => {
    await page.getByLabel(w.account.label).fill(w.account.typed)
    await page.getByLabel('Email Address').fill(w.account.email)
    await page.getByLabel('Mobile Number').pressSequentially(phone)
    await button(w.register.next).click()
  }

  // usweb register2: where step 1 goes when the existing-account check fails (arranged here).
  if (w.flavour === 'usweb') {
    await link(w.register.link).click()
    await onScreen('registerstep1')
    const check = '**/api/us-web-authentication/finduserbymembercode'
    await page.route(check, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    )
    await identify()
    await screen('register2')
    await page.unroute(check)
    await backToLogin()
  }

  // Registration, screens 2-4.
  await link(w.register.link).click()
  await screen('registerstep1')
  await button(w.register.next).click()
  await page.getByRole('alert').waitFor()
  await shoot(page, `${w.flavour}-registerstep1-errors`)
  await identify()
  let registered = true
  try {
    await onScreen('registerstep2')
  } catch {
    registered = false
  }
  if (registered) {
    await screen('registerstep2')
    await page.getByLabel('Username').fill(username)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm Password').fill(password)
    await button('Submit').click()
    await screen('registerstep3')
  } else {
    console.log('  (the newcomer already has an account: registration steps 2-3 skipped)')
    await page.goto(`${baseUrl}${w.loginPath}`)
  }
  if (!registered) return context.close()
  await backToLogin()

  // Recovery, screens 5-8.
  await link('Forgot Username').click()
  await screen('forgot-username')
  await page.getByRole('radio', { name: w.account.label, exact: true }).check()
  await page.getByRole('textbox', { name: w.account.label, exact: true }).fill(w.account.typed)
  await button('Submit').click()
  await screen('forgotusername2')
  await page.getByRole('radio', { name: /^Email:/ }).check()
  await button('Submit').click()
  await screen('send-username')
  await backToLogin()
  await link('Forgot Password').click()
  await screen('forgot-password')
  await page.getByRole('radio', { name: 'Username', exact: true }).check()
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username)
  await button('Submit').click()
  await screen('forgotpassword2')
  const beforeReset = await newestId()
  await page.getByRole('radio', { name: /^Email:/ }).check()
  await button('Submit').click()
  await screen('reset-password')
  const sent = (await outbox()).find(
    (m) => m.id > beforeReset && m.template === 'temporary-password',
  )
  const temporary = /temporary password is:? ([^\s.]+)/.exec(sent?.body ?? '')?.[1] ?? ''

  // The temporary password, screens 15-16.
  await backToLogin()
  await login(username, temporary)
  await screen('updatetemppassword')
  await page.getByLabel('Password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm Password').fill(newPassword)
  await button('Submit').click()
  await screen('updatetemppasswordsuccess')
  await backToLogin()

  // Verification, screens 9-14.
  await login(username, newPassword)
  await screen('verificationinfostep2')
  await page.getByRole('group', { name: 'Type of email address' }).getByLabel('Personal').check()
  // The record's email and mobile are offered, masked before a code (issue 40): kept.
  await page.getByRole('group', { name: 'Type of mobile number' }).getByLabel('Personal').check()
  await button('Continue').click()
  await screen('verificationinfostep1')
  await button('Contact Support').click()
  await screen('support')
  await button('Continue').click()
  await onScreen('login')
  await login(username, newPassword)
  await screen('confirmverificationinfostep1')
  await button('Continue').click()
  // Confirmed, the first code goes at once to the email (issue 43, item 10).
  await onScreen('verificationinfostep3')
  // The service's resend cool-down runs out before another code is asked for.
  await page.locator('button:enabled', { hasText: 'Generate new Code' }).waitFor({ timeout: 60000 })
  await link('Change Delivery Mode').click()
  await onScreen('verificationinfostep1')
  await page.getByLabel('Update my verification contact details after verifying').check()
  // Email, or after the recovery by email the mobile only (issue 40, M9).
  await page.getByRole('radio').first().check()
  const beforeCode = await newestId()
  await button('Continue').click()
  await screen('verificationinfostep3')
  const message = (await outbox()).find(
    (m) => m.id > beforeCode && m.template === 'verification-code',
  )
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? ''
  // A wrong code, then a new one asked for (the resend cool-down shows).
  await page
    .getByRole('textbox', { name: 'Verification Code' })
    .fill(code === '000000' ? '111111' : '000000')
  await button('Submit').click()
  await page.getByRole('alert').waitFor()
  await shoot(page, `${w.flavour}-verificationinfostep3-wrong-code`)
  const beforeNewCode = await newestId()
  await button('Generate new Code').click()
  await page.getByText(/You can ask for a new code in/).waitFor()
  await shoot(page, `${w.flavour}-verificationinfostep3-new-code`)
  const renewed = (await outbox()).find(
    (m) => m.id > beforeNewCode && m.template === 'verification-code',
  )
  const newCode = /\b(\d{6})\b/.exec(renewed?.body ?? '')?.[1] ?? code
  await page.getByRole('textbox', { name: 'Verification Code' }).fill(newCode)
  await button('Submit').click()
  await screen('updateinformationstep1component')
  await context.close()
}

const ownStart = '<!-- written by scripts/screens.mjs from here -->'
const ownEnd = '<!-- to here; the sections below are written by hand -->'

function writeIndex() {
  const names = [...new Set(captured.map((c) => c.name))]
  const rows = names.map((name) => {
    const cells = Object.keys(widths).map((widthName) => {
      const shot = captured.find((c) => c.name === name && c.widthName === widthName)
      return shot ? `[${widthName}](${shot.file})` : '–'
    })
    return `| ${name} | ${cells.join(' | ')} |`
  })
  const text = [
    ownStart,
    '# Screen gallery',
    '',
    'The screens of spec §2 (1-16, with register2 and the recovery delivery choices, the',
    'verification screens and support) at 375 px (phone) and 1280 px (desktop), full size and',
    'full colour (lossless PNG, the pointer moved away), captured from a running demo portal by',
    '`node scripts/screens.mjs [baseUrl]`. usweb is shown for bclip, with the augustar (Agent',
    'Number) and dtcria screens for their program-specific panels and links; pl (proliability)',
    'for the screens whose layout differs, and its Contact Us popup. Error states (a wrong',
    'password, a form sent empty, a wrong code, a new code with its cool-down) and the spinner',
    `are shown too. Tall pages are cut at ${maxHeight} px. The font is whatever the capturing`,
    "machine's `system-ui` is (DejaVu Sans on Debian). What the walk found and fixed is in",
    '[FIDELITY.md](FIDELITY.md).',
    '',
    '| Screen | Phone | Desktop |',
    '|---|---|---|',
    ...rows,
    ownEnd,
  ].join('\n')
  // The sections after this script's part (passkeys, console, Spanish) are captured by the
  // browser tests and kept as they are.
  const index = join(outDir, 'README.md')
  const previous = existsSync(index) ? readFileSync(index, 'utf8') : ''
  const rest = previous.includes(ownEnd)
    ? previous.slice(previous.indexOf(ownEnd) + ownEnd.length)
    : '\n'
  writeFileSync(index, text + rest)
}

mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
})
try {
  for (const w of walks) {
    console.log(w.flavour)
    await walk(browser, w)
  }
  const context = await browser.newContext({ viewport: { width: widths.phone, height: 812 } })
  const page = await context.newPage()
  for (const extra of extraLogins) {
    await page.goto(`${baseUrl}${extra.path}`)
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor()
    await shoot(page, extra.name)
  }
  // augustar asks its agents for their Agent Number (spec §2 screens 2 and 5).
  await page.goto(`${baseUrl}${extraLogins[0].path}`)
  await page.getByRole('link', { name: 'Sign Up', exact: true }).click()
  await page.getByLabel('Agent Number', { exact: true }).waitFor()
  await shoot(page, 'usweb-augustar-registerstep1')
  await page.getByRole('link', { name: 'Return to Login', exact: true }).click()
  await page.getByRole('link', { name: 'Forgot Username', exact: true }).click()
  await page.getByRole('radio', { name: 'Agent Number', exact: true }).check()
  await shoot(page, 'usweb-augustar-forgot-username')
  await context.close()
  writeIndex()
  console.log(`${captured.length} screens in ${outDir}`)
} finally {
  await browser.close()
}
