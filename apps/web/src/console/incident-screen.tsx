// One incident: who, when, why, its status, the member's recent security events.
import { useCallback, useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import type { IncidentView } from '@portal/contract/console'
import { useDocumentTitle } from '../lib/page.ts'
import { consoleApi } from './console-api.ts'
import { useConsole } from './console-context.ts'
import { ActionForm, Banner, Notice, Timeline, when } from './console-parts.tsx'
import { consolePaths } from './console-paths.ts'

export function IncidentScreen() {
  const { ticket = '' } = useParams()
  const { sessionEnded } = useConsole()
  const [incident, setIncident] = useState<IncidentView | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  useDocumentTitle(`Incident ${ticket}`, 'Support console')

  const load = useCallback(async () => {
    const answer = await consoleApi.incident(ticket)
    if (answer.ok) return setIncident(answer.data)
    if (answer.status === 401) return sessionEnded()
    setProblem(answer.message)
  }, [ticket, sessionEnded])

  useEffect(() => {
    void load()
  }, [load])

  return (
    <>
      <h1>Incident {ticket}</h1>
      <Banner message={problem} />
      <Notice message={notice} />
      {incident && (
        <>
          <dl className="console-facts">
            <dt>Status</dt>
            <dd data-field="status">
              {incident.status === 'open'
                ? 'Open'
                : `Resolved by ${incident.resolvedBy ?? '?'} on ${when(incident.resolvedAt)}`}
            </dd>
            {incident.resolution && (
              <>
                <dt>Resolution</dt>
                <dd>{incident.resolution}</dd>
              </>
            )}
            <dt>Opened</dt>
            <dd>{when(incident.createdAt)}</dd>
            <dt>Why</dt>
            <dd>{incident.reason}</dd>
            <dt>Member</dt>
            <dd>
              {incident.username ? (
                <Link to={consolePaths.member(incident.username)}>{incident.username}</Link>
              ) : (
                '–'
              )}
            </dd>
            <dt>Customer number</dt>
            <dd>{incident.custnum ?? '–'}</dd>
            <dt>Program</dt>
            <dd>{incident.program ?? '–'}</dd>
          </dl>
          {incident.status === 'open' && (
            <ActionForm
              label="Resolve incident"
              description="Closes the ticket without changing the account (to unlock, open the member's page)."
              run={(reason) => consoleApi.resolveIncident(incident.incidentId, reason)}
              done={() => {
                setNotice(`Incident ${incident.incidentId} resolved.`)
                void load()
              }}
            />
          )}
          <h2>Recent security events</h2>
          <Timeline events={incident.events} />
        </>
      )}
    </>
  )
}
