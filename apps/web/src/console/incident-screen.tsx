// One incident: who, when, why, its status, the member's recent security events.
import { useCallback, useState } from 'react'
import { Link, useParams } from 'react-router'
import { isAllowed } from '@portal/contract/console'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { consoleApi } from './console-api.ts'
import { useConsole } from './console-context.ts'
import { ActionForm, Banner, Notice, Timeline, useLockStatus, useWhen } from './console-parts.tsx'
import { MemberNameFacts } from './member-names.tsx'
import { consolePaths } from './console-paths.ts'
import { useConsoleCall } from './use-console-call.ts'

export function IncidentScreen() {
  const { ticket = '' } = useParams()
  const [notice, setNotice] = useState<string | null>(null)
  const when = useWhen()
  useDocumentTitle(`Incident ${ticket}`, 'Support console')
  const {
    data: incident,
    problem,
    reload,
  } = useConsoleCall(useCallback(() => consoleApi.incident(ticket), [ticket]))

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
            <MemberNameFacts names={incident} />
            <dt>Customer number</dt>
            <dd>{incident.custnum ?? '–'}</dd>
            <dt>Program</dt>
            <dd data-field="program">{incident.programName ?? incident.program ?? '–'}</dd>
          </dl>
          {incident.username && (
            <MemberUnlock
              username={incident.username}
              done={(text) => {
                setNotice(text)
                reload()
              }}
            />
          )}
          {incident.status === 'open' && (
            <ActionForm
              label="Resolve incident"
              description="Closes the ticket without changing the account (Unlock account, above, also resolves it)."
              run={(reason) => consoleApi.resolveIncident(incident.incidentId, reason)}
              done={() => {
                setNotice(`Incident ${incident.incidentId} resolved.`)
                reload()
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

/**
 * Issue 27 (screens review, the console's unlock): the member's lock and its unlock on the
 * incident's own page, one step from the ticket instead of two.
 */
function MemberUnlock({ username, done }: { username: string; done: (text: string) => void }) {
  const { staff } = useConsole()
  const lockStatus = useLockStatus()
  const { data: member, reload } = useConsoleCall(
    useCallback(() => consoleApi.member(username), [username]),
  )
  if (!member) return null
  return (
    <section aria-labelledby="member-status-heading" className="console-actions">
      <h2 id="member-status-heading">Account</h2>
      <p data-field="member-status" className={member.isLocked ? 'console-locked' : undefined}>
        {member.isLocked
          ? `${username}: ${lockStatus(member.lock)}.`
          : `${username} is not locked.`}
      </p>
      {member.isLocked && isAllowed(staff.role, 'unlock') && (
        <ActionForm
          label="Unlock account"
          description="Unlocks the account and resolves its open incidents."
          run={(reason) => consoleApi.memberAction(username, 'unlock', reason)}
          done={() => {
            done(
              `${username} is unlocked. They confirm their verification details at the next sign-in.`,
            )
            reload()
          }}
        />
      )}
    </section>
  )
}
