// A member's page: status, masked contacts, sign-ins, devices, incidents, the security
// timeline, and the actions the staff member's role allows (each asks for a reason).
import { useCallback, useState } from 'react'
import { Link, useParams } from 'react-router'
import { isAllowed } from '@portal/contract/console'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { consoleApi, type MemberAction } from './console-api.ts'
import { useConsole } from './console-context.ts'
import { ActionForm, Banner, Notice, Timeline, useLockStatus, useWhen } from './console-parts.tsx'
import { consolePaths } from './console-paths.ts'
import { AuditExport } from './audit-export.tsx'
import { MemberNameFacts } from './member-names.tsx'
import { useConsoleCall } from './use-console-call.ts'

/** Issue 40 (P1): a reset of the second factor removes the member's passkeys; say which. */
function passkeysRemoved(names: unknown): string {
  const list = Array.isArray(names) ? names.map(String) : []
  return list.length === 0 ? '' : ` Passkeys removed: ${list.join(', ')}.`
}

const resultText: Record<
  MemberAction,
  (username: string, data: Record<string, unknown>) => string
> = {
  unlock: (u) => `${u} is unlocked. They confirm their verification details at the next sign-in.`,
  'resend-username': (u, d) => `The username of ${u} was sent to ${String(d.sentTo)}.`,
  'revoke-sessions': (u, d) => `Ended ${String(d.endedSessions)} session(s) of ${u}.`,
  'reset-mfa': (u, d) =>
    `Verification reset: ${u} enrols an email address and mobile number at the next sign-in.${passkeysRemoved(d.removedPasskeys)}`,
  disable: (u, d) =>
    `${u} is disabled and cannot sign in; ${String(d.endedSessions ?? 0)} session(s) ended.`,
  enable: (u) => `${u} is enabled and can sign in again.`,
}

export function MemberScreen() {
  const { username = '' } = useParams()
  const { staff } = useConsole()
  const [notice, setNotice] = useState<string | null>(null)
  const when = useWhen()
  const lockStatus = useLockStatus()
  useDocumentTitle(`Member ${username}`, 'Support console')
  const {
    data: member,
    problem,
    reload,
  } = useConsoleCall(useCallback(() => consoleApi.member(username), [username]))

  const action = (name: MemberAction, label: string, description: string) => (
    <ActionForm
      label={label}
      description={description}
      run={(reason) => consoleApi.memberAction(username, name, reason)}
      done={(data) => {
        setNotice(resultText[name](username, data as Record<string, unknown>))
        reload()
      }}
    />
  )

  return (
    <>
      <h1>Member {username}</h1>
      <Banner message={problem} />
      <Notice message={notice} />
      {member && (
        <>
          <dl className="console-facts">
            <dt>Status</dt>
            <dd
              data-field="status"
              className={member.isLocked || member.isDisabled ? 'console-locked' : undefined}
            >
              {member.isDisabled
                ? 'Disabled'
                : member.isLocked
                  ? lockStatus(member.lock)
                  : 'Active'}
            </dd>
            <MemberNameFacts names={member} />
            <dt>Customer number</dt>
            <dd>{member.custnum}</dd>
            <dt>Program</dt>
            <dd data-field="program">{member.programName ?? member.program}</dd>
            {/* Both lock counters: a lock by codes beside "0 failed logins" read as a mistake. */}
            <dt>Wrong passwords</dt>
            <dd>{member.failedAttempts}</dd>
            <dt>Wrong codes</dt>
            <dd>{member.wrongCodes}</dd>
            <dt>Temporary password</dt>
            <dd>{member.isTemporaryPassword ? 'Yes' : 'No'}</dd>
            <dt>Email on file</dt>
            <dd>{member.contacts.email ?? '–'}</dd>
            <dt>Mobile on file</dt>
            <dd>{member.contacts.phone ?? '–'}</dd>
            <dt>Verification details</dt>
            <dd>
              {member.contacts.verification
                ? `${member.contacts.verification.email}, ${member.contacts.verification.phone}; ${
                    member.contacts.verification.verifiedAt
                      ? `verified ${when(member.contacts.verification.verifiedAt)}`
                      : 'not verified'
                  }${member.contacts.verification.mustReconfirm ? '; to be confirmed again' : ''}`
                : 'Not enrolled'}
            </dd>
            <dt>Active sessions</dt>
            <dd>{member.activeSessions}</dd>
          </dl>

          <section aria-labelledby="actions-heading" className="console-actions">
            <h2 id="actions-heading">Actions</h2>
            {member.isLocked &&
              isAllowed(staff.role, 'unlock') &&
              action(
                'unlock',
                'Unlock account',
                'Unlocks the account and resolves its open incidents.',
              )}
            {isAllowed(staff.role, 'resendUsername') &&
              action(
                'resend-username',
                'Resend username',
                'Emails the username to the address on file.',
              )}
            {isAllowed(staff.role, 'revokeSessions') &&
              action('revoke-sessions', 'End all sessions', 'Signs the member out everywhere.')}
            {isAllowed(staff.role, 'resetMfa') &&
              action(
                'reset-mfa',
                'Reset verification',
                'Forgets the verification details, trusted devices and passkeys; the member enrols again.',
              )}
            {isAllowed(staff.role, 'disable') &&
              (member.isDisabled
                ? action('enable', 'Enable account', 'Lets the member sign in again.')
                : action(
                    'disable',
                    'Disable account',
                    'Stops every sign-in (fraud, death, dispute) and ends the member’s sessions, until enabled again.',
                  ))}
          </section>

          {isAllowed(staff.role, 'exportAudit') && <AuditExport username={member.username} />}

          <section aria-labelledby="incidents-heading">
            <h2 id="incidents-heading">Incidents</h2>
            {member.incidents.length === 0 ? (
              <p>No incidents.</p>
            ) : (
              <ul>
                {member.incidents.map((i) => (
                  <li key={i.incidentId}>
                    <Link to={consolePaths.incident(i.incidentId)}>{i.incidentId}</Link>: {i.status}
                    , opened {when(i.createdAt)} ({i.reason})
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="signins-heading">
            <h2 id="signins-heading">Last sign-ins</h2>
            {member.lastSignIns.length === 0 ? (
              <p>No sign-ins yet.</p>
            ) : (
              <ul>
                {member.lastSignIns.map((s) => (
                  <li key={s.at}>
                    {when(s.at)}
                    {s.clientIp ? ` from ${s.clientIp}` : ''}
                  </li>
                ))}
              </ul>
            )}
            <h3>Trusted devices</h3>
            {member.devices.length === 0 ? (
              <p>No trusted devices.</p>
            ) : (
              <ul>
                {member.devices.map((d) => (
                  <li key={d.label}>
                    Device {d.label}, verified {when(d.verifiedAt)}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="passkeys-heading">
            <h2 id="passkeys-heading">Passkeys</h2>
            {member.passkeys.length === 0 ? (
              <p>No passkeys.</p>
            ) : (
              <ul>
                {member.passkeys.map((p) => (
                  <li key={p.id}>
                    {p.name}, created {when(p.createdAt)}, last used{' '}
                    {p.lastUsedAt ? when(p.lastUsedAt) : 'never'}
                    {isAllowed(staff.role, 'resetMfa') && (
                      <ActionForm
                        label={`Remove passkey ${p.name}`}
                        description="The member can no longer use it instead of a code, and is told by email."
                        run={(reason) => consoleApi.removePasskey(username, p.id, reason)}
                        done={() => {
                          setNotice(`Passkey ${p.name} of ${username} was removed.`)
                          reload()
                        }}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="timeline-heading">
            <h2 id="timeline-heading">Security timeline</h2>
            <Timeline events={member.timeline} />
          </section>
        </>
      )}
    </>
  )
}
