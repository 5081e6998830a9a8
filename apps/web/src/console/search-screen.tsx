// The desk's start: find a ticket, a username or a customer number, or a member by email,
// phone or name (issue 31); the open incidents.
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import type { IncidentSummary, MemberMatchItem } from '@portal/contract/console'
import { Field } from '../components/text-field.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { consoleApi } from './console-api.ts'
import { useConsole } from './console-context.ts'
import { Banner, useWhen } from './console-parts.tsx'
import { consolePaths } from './console-paths.ts'
import { ConsoleTable } from './console-table.tsx'

export function SearchScreen() {
  const { sessionEnded } = useConsole()
  const when = useWhen()
  const navigate = useNavigate()
  const [q, setQ] = useState('')
  const [result, setResult] = useState<MemberMatchItem[] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [open, setOpen] = useState<IncidentSummary[] | null>(null)
  useDocumentTitle('Find a member', 'Support console')

  useEffect(() => {
    let isCurrent = true
    void consoleApi.openIncidents().then((answer) => {
      if (!isCurrent) return
      if (answer.ok) setOpen(answer.data)
      else if (answer.status === 401) sessionEnded()
    })
    return () => {
      isCurrent = false
    }
  }, [sessionEnded])

  const search = async (event: FormEvent) => {
    event.preventDefault()
    const text = q.trim()
    if (!text) return
    // One call: the service decides whether the text is a ticket, a username, a customer
    // number, an email address, a phone number or a name.
    const answer = await consoleApi.search(text)
    if (!answer.ok) {
      if (answer.status === 401) return sessionEnded()
      setResult(null)
      return setProblem(answer.message)
    }
    setProblem(null)
    const { incident, members } = answer.data
    // One clear hit: straight to its page.
    if (incident) return navigate(consolePaths.incident(incident.incidentId))
    const [only] = members
    if (only && members.length === 1) return navigate(consolePaths.member(only.username))
    setResult(members)
  }

  return (
    <>
      <h1>Find a member</h1>
      <form className="console-search" onSubmit={search} role="search">
        {/* A search box, not a required field: the plain `Field`, without `fieldAria`. */}
        <Field
          id="console-q"
          label="Incident ticket, username or customer number, or email, phone or name"
        >
          <input
            id="console-q"
            className="input"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
          />
        </Field>
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      <Banner message={problem} />
      {result && (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading">Members found</h2>
          <ul>
            {result.map((m) => (
              <li key={m.username}>
                <Link to={consolePaths.member(m.username)}>{m.username}</Link>
                {m.name ? ` ${m.name}` : ''} ({m.custnum}, {m.program})
                {m.isDisabled ? ' – disabled' : m.isLocked ? ' – locked' : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="open-heading">
        <h2 id="open-heading">Open incidents</h2>
        {open === null ? (
          <p>Loading…</p>
        ) : open.length === 0 ? (
          <p>No open incidents.</p>
        ) : (
          <ConsoleTable columns={['Ticket', 'Opened', 'Member', 'Why']}>
            {open.map((i) => (
              <tr key={i.incidentId}>
                <td>
                  <Link to={consolePaths.incident(i.incidentId)}>{i.incidentId}</Link>
                </td>
                <td>{when(i.createdAt)}</td>
                <td>{i.username ?? '–'}</td>
                <td>{i.reason}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </section>
    </>
  )
}
