// An admin saves a member's audit trail for a date range (issue 31): the service writes the
// file (CSV or JSON lines) and audits the export; the console fetches it and saves it.
import { useId, useState, type FormEvent } from 'react'
import { Field, TextField } from '../components/text-field.tsx'
import { consoleApi } from './console-api.ts'
import { useConsole } from './console-context.ts'
import { Banner, Notice } from './console-parts.tsx'

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** Hands a fetched file to the browser's download, as a link to it would. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function AuditExport({ username }: { username: string }) {
  const { sessionEnded } = useConsole()
  const id = useId()
  // The last 30 days, fixed when the form first shows.
  const [today] = useState(() => isoDay(new Date()))
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * 86_400_000)))
  const [to, setTo] = useState(today)
  const [format, setFormat] = useState<'csv' | 'json'>('csv')
  const [problem, setProblem] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (isBusy) return
    if (!from || !to) return setProblem('Please give a start and an end date.')
    if (from > to) return setProblem('The start date must not be after the end date.')
    setBusy(true)
    setNotice(null)
    const answer = await consoleApi.auditExport({ from, to, user: username, format })
    setBusy(false)
    if (!answer.ok) {
      if (answer.status === 401) return sessionEnded()
      return setProblem(answer.message)
    }
    setProblem(null)
    save(answer.data.blob, answer.data.fileName)
    setNotice(`Saved ${answer.data.fileName}. The export is recorded in the audit log.`)
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="console-actions">
      <h2 id={`${id}-heading`}>Audit export</h2>
      <Banner message={problem} />
      <Notice message={notice} />
      <form className="console-form console-form--inline" onSubmit={submit} noValidate>
        <TextField
          id={`${id}-from`}
          label="From (first day)"
          type="date"
          value={from}
          max={today}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          id={`${id}-to`}
          label="To (last day)"
          type="date"
          value={to}
          max={today}
          onChange={(e) => setTo(e.target.value)}
        />
        <Field id={`${id}-format`} label="File format">
          <select
            id={`${id}-format`}
            className="input"
            value={format}
            onChange={(e) => setFormat(e.target.value as 'csv' | 'json')}
          >
            <option value="csv">CSV (spreadsheet)</option>
            <option value="json">JSON lines</option>
          </select>
        </Field>
        <button type="submit" className="button button--secondary" disabled={isBusy}>
          Export audit trail
        </button>
      </form>
    </section>
  )
}
