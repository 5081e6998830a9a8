// Issue 44: an admin sees the program sites registered for OpenID Connect on the Staff screen.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { consoleApiBase } from '@portal/contract/console'
import { fakeService, renderPortal } from '../test/render-portal.tsx'

describe('program sites on the Staff screen', () => {
  it('lists each site: client id, program, redirect addresses, when registered', async () => {
    fakeService({
      [`GET ${consoleApiBase}/me`]: {
        status: 200,
        json: { email: 'admin@example.com', role: 'admin', timeZone: 'UTC' },
      },
      [`GET ${consoleApiBase}/staff`]: { status: 200, json: [] },
      [`GET ${consoleApiBase}/oidc-sites`]: {
        status: 200,
        json: [
          {
            clientId: 'dtcpnc-site',
            program: 'dtcpnc',
            redirectUris: ['https://a.example.test/cb', 'https://b.example.test/cb'],
            createdAt: '2026-01-02T03:04:05.000Z',
          },
        ],
      },
    })
    renderPortal('/support-console/staff')
    const section = (
      await screen.findByRole('heading', { name: 'Program sites (OpenID Connect)' })
    ).closest('section') as HTMLElement
    const row = await within(section).findByRole('row', { name: /dtcpnc-site/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'dtcpnc-site',
      'dtcpnc',
      'https://a.example.test/cbhttps://b.example.test/cb',
      expect.stringMatching(/2026/),
    ])
  })
})
