// Admins manage staff accounts: the list, and new accounts (password shown once); and see the
// program sites registered for OpenID Connect (issue 44).
import { useState, type FormEvent } from 'react'
import { staffRoles, type StaffRoleName } from '@portal/contract/console'
import { Field, TextField } from '../components/text-field.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { consoleApi } from './console-api.ts'
import { useConsole } from './console-context.ts'
import { SitesSection } from './sites-section.tsx'
import { Banner, Notice, useWhen } from './console-parts.tsx'
import { useConsoleCall } from './use-console-call.ts'
import { ConsoleTable } from './console-table.tsx'

export function StaffScreen() {
  const { sessionEnded } = useConsole()
  const when = useWhen()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<StaffRoleName>('agent')
  const [notice, setNotice] = useState<string | null>(null)
  useDocumentTitle('Staff', 'Support console')
  const { data: list, problem, setProblem, reload } = useConsoleCall(consoleApi.staff)

  const create = async (event: FormEvent) => {
    event.preventDefault()
    const answer = await consoleApi.createStaff(email.trim(), role)
    if (!answer.ok) {
      if (answer.status === 401) return sessionEnded()
      return setProblem(answer.message)
    }
    setProblem(null)
    setEmail('')
    setNotice(
      `Created ${answer.data.role} ${answer.data.email}. Temporary password (shown once): ${answer.data.temporaryPassword}`,
    )
    reload()
  }

  return (
    <>
      <h1>Staff</h1>
      <Banner message={problem} />
      <Notice message={notice} />
      <form className="console-form console-form--inline" onSubmit={create}>
        <h2>New staff account</h2>
        <TextField
          id="new-staff-email"
          label="Email address"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field id="new-staff-role" label="Role">
          <select
            id="new-staff-role"
            className="input"
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRoleName)}
          >
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="button button--primary">
          Create account
        </button>
      </form>
      <h2>Accounts</h2>
      {list && (
        <ConsoleTable columns={['Email', 'Role', 'Status', 'Created']}>
          {list.map((s) => (
            <tr key={s.email}>
              <td>{s.email}</td>
              <td>{s.role}</td>
              <td>{s.isActive ? 'Active' : 'Disabled'}</td>
              <td>
                {when(s.createdAt)} by {s.createdBy}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <SitesSection />
    </>
  )
}
