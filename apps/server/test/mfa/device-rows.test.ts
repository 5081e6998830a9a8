// The rows that remember devices (known_devices: trusted; seen_devices: a factor passed
// there) name a mark that lives in a cookie for MFA_DEVICE_TRUST_DAYS from its last pass.
// Older rows name marks no browser carries any more: a member's go when they next pass a
// factor, in the same statements, and nobody else's.
import { describe, expect, it } from 'vitest'
import { programOf, type CwMfaResponse, type ProgramCode } from '@portal/contract'
import { appForFile, demoPassword, devicesOf, seeBrowser, trustDeviceByPrint } from '../harness.ts'

const t = appForFile()

const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * 86_400_000)

/** Passes a factor by email in a new browser, remembering it when `isTrusted`. */
async function passCode(username: string, isTrusted: boolean) {
  const client = t.client()
  const { level1Org } = programOf(username.replace(/_demo$/, '') as ProgramCode)
  await client.login(username, demoPassword, level1Org)
  await client.checkProgram()
  const decision = (await client.mfaDecision(`device-rows-${username}`)).json() as CwMfaResponse
  expect(decision.statusCode).toBe('CHALLENGE_LOGIN')
  await client.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
  const passed = await client.postJson('/api/mfa/enterverificationcode', {
    verificationCode: await client.latestCode(),
    rememberDevice: isTrusted,
  })
  expect(passed.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
}

describe('the rows that remember devices', () => {
  it("go once older than the cookie's life, at the member's next pass, and only theirs", async () => {
    const trustDays = t.config.mfaDeviceTrustDays
    for (const username of ['dtcmyaccount_demo', 'equipmentrenew_demo']) {
      await trustDeviceByPrint(t, username, 'trusted-long-ago', daysAgo(trustDays + 1))
      await trustDeviceByPrint(t, username, 'trusted-lately', daysAgo(trustDays - 1))
      await seeBrowser(t, username, 'seen-long-ago', daysAgo(trustDays + 1))
      await seeBrowser(t, username, 'seen-lately', daysAgo(trustDays - 1))
    }
    const before = await devicesOf(t, 'equipmentrenew_demo')

    await passCode('dtcmyaccount_demo', true)

    const after = await devicesOf(t, 'dtcmyaccount_demo')
    expect(after.trusted).toHaveLength(2)
    expect(after.trusted).toContain('trusted-lately')
    expect(after.trusted).not.toContain('trusted-long-ago')
    expect(after.seen).toHaveLength(2)
    expect(after.seen).toContain('seen-lately')
    expect(after.seen).not.toContain('seen-long-ago')
    // Another member's rows wait for that member's own next pass.
    expect(await devicesOf(t, 'equipmentrenew_demo')).toEqual(before)
  })

  it('go from seen_devices at a pass that trusts nothing', async () => {
    const username = 'dtcria_demo'
    await seeBrowser(t, username, 'seen-long-ago', daysAgo(t.config.mfaDeviceTrustDays + 1))
    await passCode(username, false)
    const { seen } = await devicesOf(t, username)
    expect(seen).toHaveLength(1)
    expect(seen).not.toContain('seen-long-ago')
  })
})
