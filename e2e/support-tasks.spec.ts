// Issue 31's daily tasks of the support desk, done in the console as a staff member would:
// find a member by email, disable and enable them with a reason (the page shows the state),
// save their audit trail for a date range, change one's own password, and (issue 32, A1) the
// first sign-in of an account someone else made, which must choose its own password first.
// Every screen passes axe.
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { consoleTexts } from '@portal/contract/console'
import { createStaff } from '@portal/server/testing'
import {
  accessibilityViolations,
  latestSent,
  openPage,
  portalAndBrowser,
  type PortalPage,
} from './fixtures.ts'

const e2e = portalAndBrowser()

async function checkScreen(page: PortalPage, name: string) {
  await page.locator('h1').first().waitFor()
  expect(await accessibilityViolations(page), `axe on ${name}`).toEqual([])
}

/** Password, then the emailed code; waits for the heading the console then shows. */
async function signIn(page: PortalPage, email: string, password: string, then: string) {
  await page.goto(e2e.portal.url('/support-console'))
  await page.getByRole('heading', { name: consoleTexts.signInHeading }).waitFor()
  await page.getByLabel('Staff email address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('heading', { name: consoleTexts.codeHeading }).waitFor()
  const { body } = await latestSent(e2e.portal, email, 'verification-code')
  await page.getByLabel('Code from the email').fill(/\b(\d{6})\b/.exec(body)?.[1] ?? '')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: then, level: 1 }).waitFor()
}

const unexpectedErrors = (page: PortalPage) =>
  page.errors.filter((e) => !/status of (401|403)/.test(e))

const search = 'Incident ticket, username or customer number, or email, phone or name'

describe('the support desk’s daily tasks', () => {
  it('finds a member by email, disables and enables them with a reason, and saves their audit trail', async () => {
    const password = await createStaff(e2e.portal, 'tasks.admin@example.com', 'admin')
    const desk = await openPage(e2e.browser, { bypassCSP: true })
    await signIn(desk, 'tasks.admin@example.com', password, 'Find a member')
    await checkScreen(desk, 'search')

    // By email (the member search): the members with that address (one goes to its page).
    await desk.getByLabel(search).fill('cabar.demo@example.com')
    await desk.getByRole('button', { name: 'Search' }).click()
    const memberHeading = desk.getByRole('heading', { name: 'Member cabar_demo' })
    const found = desk.getByRole('link', { name: 'cabar_demo', exact: true })
    await memberHeading.or(found).first().waitFor()
    if (await found.isVisible()) {
      await checkScreen(desk, 'search-results')
      await found.click()
    }
    await memberHeading.waitFor()
    const status = desk.locator('[data-field="status"]')
    expect(await status.textContent()).toBe('Active')

    // Disable: a reason is required, and its absence is announced.
    await desk.getByRole('button', { name: 'Disable account' }).click()
    await desk.getByRole('button', { name: 'Confirm: disable account' }).click()
    await desk.getByText(consoleTexts.reasonRequired).waitFor()
    await checkScreen(desk, 'disable-form')
    await desk.getByLabel('Reason (recorded in the audit log)').fill('Fraud report, ticket 9911')
    await desk.getByRole('button', { name: 'Confirm: disable account' }).click()
    await desk.getByRole('status').getByText('cabar_demo is disabled').waitFor()
    await expect.poll(() => status.textContent()).toBe('Disabled')
    await checkScreen(desk, 'member-disabled')

    // Enable again.
    await desk.getByRole('button', { name: 'Enable account' }).click()
    await desk.getByLabel('Reason (recorded in the audit log)').fill('Report withdrawn by member')
    await desk.getByRole('button', { name: 'Confirm: enable account' }).click()
    await desk.getByRole('status').getByText('cabar_demo is enabled').waitFor()
    await expect.poll(() => status.textContent()).toBe('Active')

    // The member's audit trail for the last 30 days, saved as a file.
    await desk.getByRole('heading', { name: 'Audit export' }).waitFor()
    const saving = desk.waitForEvent('download')
    await desk.getByRole('button', { name: 'Export audit trail' }).click()
    const download = await saving
    expect(download.suggestedFilename()).toMatch(
      /^audit-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-cabar_demo\.csv$/,
    )
    const file = await readFile((await download.path()) ?? '', 'utf8')
    expect(file.split('\n')[0]).toBe(
      'id,at,event,userId,username,actor,reason,clientIp,requestId,detail',
    )
    expect(file).toContain('support.member_disabled')
    expect(file).toContain('Fraud report, ticket 9911')
    await desk
      .getByRole('status')
      .getByText(/^Saved audit-/)
      .waitFor()
    await checkScreen(desk, 'audit-export')
    expect(unexpectedErrors(desk)).toEqual([])
  })

  it('lets a staff member change their own password, then sign in with it', async () => {
    const email = 'tasks.agent@example.com'
    const password = await createStaff(e2e.portal, email, 'agent')
    const page = await openPage(e2e.browser, { bypassCSP: true })
    await signIn(page, email, password, 'Find a member')
    await page.getByRole('link', { name: 'Change my password' }).click()
    await page.getByRole('heading', { name: 'Change my password', level: 1 }).waitFor()
    await checkScreen(page, 'password')

    // A mismatch is announced and shown by the field.
    const next = 'violet-harbour-passphrase-7'
    await page.getByLabel('Current password', { exact: true }).fill(password)
    await page.getByLabel('New password', { exact: true }).fill(next)
    await page.getByLabel('New password again', { exact: true }).fill(`${next}x`)
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.getByRole('alert').waitFor()
    await page.getByText(consoleTexts.passwordsDiffer).waitFor()
    await checkScreen(page, 'password-error')

    await page.getByLabel('New password again', { exact: true }).fill(next)
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.getByRole('heading', { name: consoleTexts.signInHeading }).waitFor()
    await page.getByText(consoleTexts.passwordChanged).waitFor()
    await signIn(page, email, next, 'Find a member')
    expect(unexpectedErrors(page)).toEqual([])
  })

  it('makes a new staff account choose its own password before anything else', async () => {
    const email = 'tasks.newcomer@example.com'
    const given = await createStaff(e2e.portal, email, 'agent', { mustChangePassword: true })
    const page = await openPage(e2e.browser, { bypassCSP: true })
    await signIn(page, email, given, consoleTexts.ownPasswordHeading)
    // No way around it: the console's navigation is not offered.
    expect(await page.getByRole('link', { name: 'Find a member' }).count()).toBe(0)
    await checkScreen(page, 'own-password')

    const own = 'amber-lantern-passphrase-3'
    await page.getByLabel('Password you were given', { exact: true }).fill(given)
    await page.getByLabel('New password', { exact: true }).fill(own)
    await page.getByLabel('New password again', { exact: true }).fill(own)
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.getByText(consoleTexts.passwordChanged).waitFor()
    await signIn(page, email, own, 'Find a member')
    expect(unexpectedErrors(page)).toEqual([])
  })
})
