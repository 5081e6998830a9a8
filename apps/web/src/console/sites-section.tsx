// Issue 44: the program sites registered for OpenID Connect, read-only (an operator adds,
// rotates and removes them with portal-admin oidc-site).
import { consoleApi } from './console-api.ts'
import { Banner, useWhen } from './console-parts.tsx'
import { ConsoleTable } from './console-table.tsx'
import { useConsoleCall } from './use-console-call.ts'

export function SitesSection() {
  const when = useWhen()
  const { data: sites, problem } = useConsoleCall(consoleApi.oidcSites)
  return (
    <section aria-labelledby="oidc-sites-heading">
      <h2 id="oidc-sites-heading">Program sites (OpenID Connect)</h2>
      <Banner message={problem} />
      {sites && sites.length === 0 && (
        <p>No program site is registered: every program takes the member the usual way.</p>
      )}
      {sites && sites.length > 0 && (
        <ConsoleTable columns={['Client id', 'Program', 'Redirect addresses', 'Registered']}>
          {sites.map((site) => (
            <tr key={site.clientId}>
              <td>{site.clientId}</td>
              <td>{site.program}</td>
              <td>
                {site.redirectUris.map((uri) => (
                  <div key={uri}>{uri}</div>
                ))}
              </td>
              <td>{when(site.createdAt)}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </section>
  )
}
