// The support console (issue 15): its own route area, loaded only when a staff member opens
// /support-console, never with a member's screens. The service decides who may do what;
// this only hides what the role cannot use.
import './console.css'
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { Link, Navigate, NavLink, Route, Routes } from 'react-router'
import { consoleTexts, isAllowed, type ConsoleStaff } from '@portal/contract/console'
import { consoleApi } from './console-api.ts'
import { ConsoleContext, type ConsoleState } from './console-context.ts'
import { IncidentScreen } from './incident-screen.tsx'
import { MemberScreen } from './member-screen.tsx'
import { consolePaths } from './console-paths.ts'
import { PasswordScreen } from './password-screen.tsx'
import { SearchScreen } from './search-screen.tsx'
import { SignInScreen } from './sign-in-screen.tsx'
import { StaffScreen } from './staff-screen.tsx'

interface ShellProps {
  children: ReactNode
  staff?: ConsoleStaff
  onSignOut?: () => void
}

function ConsoleShell({ children, staff, onSignOut }: ShellProps) {
  return (
    <div className="console">
      <a className="skip-link" href="#console-main">
        Skip to main content
      </a>
      <header className="console-header">
        <Link to={consolePaths.home} className="console-header__title">
          {consoleTexts.title}
        </Link>
        {staff && !staff.mustChangePassword && (
          <>
            <nav aria-label="Console">
              <ul className="console-nav">
                <li>
                  <NavLink to={consolePaths.home} end>
                    Find a member
                  </NavLink>
                </li>
                {isAllowed(staff.role, 'manageStaff') && (
                  <li>
                    <NavLink to={consolePaths.staff}>Staff</NavLink>
                  </li>
                )}
                <li>
                  <NavLink to={consolePaths.password}>Change my password</NavLink>
                </li>
              </ul>
            </nav>
            <p className="console-header__who">
              {staff.email} ({staff.role})
            </p>
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={onSignOut}
            >
              Sign out
            </button>
          </>
        )}
      </header>
      <main id="console-main" className="console-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}

function ConsoleApp() {
  // undefined: still asking the service whether a console session exists.
  const [staff, setStaff] = useState<ConsoleStaff | null | undefined>(undefined)
  const [notice, setNotice] = useState<string | null>(null)

  useEffect(() => {
    let isCurrent = true
    void consoleApi.me().then((answer) => {
      if (isCurrent) setStaff(answer.ok ? answer.data : null)
    })
    return () => {
      isCurrent = false
    }
  }, [])

  const sessionEnded = useCallback(() => {
    setNotice(consoleTexts.sessionEnded)
    setStaff(null)
  }, [])
  const signOut = useCallback(async () => {
    await consoleApi.signOut()
    setNotice(consoleTexts.signedOut)
    setStaff(null)
  }, [])
  const state = useMemo<ConsoleState | null>(
    () => (staff ? { staff, sessionEnded } : null),
    [staff, sessionEnded],
  )

  // The password changed: every console session ended; sign in again with the new one.
  const passwordChanged = useCallback((message: string) => {
    setNotice(message)
    setStaff(null)
  }, [])

  if (staff === undefined) return <ConsoleShell>{null}</ConsoleShell>
  if (staff?.mustChangePassword) {
    // Created or reset by someone else (A1): nothing else until they choose their own.
    return (
      <ConsoleShell>
        <PasswordScreen isRequired onChanged={passwordChanged} onSessionEnded={sessionEnded} />
        <button type="button" className="button button--ghost" onClick={() => void signOut()}>
          Sign out
        </button>
      </ConsoleShell>
    )
  }
  if (!state) {
    return (
      <ConsoleShell>
        <Routes>
          <Route
            path="sign-in"
            element={<SignInScreen notice={notice} onSignedIn={(s) => setStaff(s)} />}
          />
          <Route path="*" element={<Navigate to={consolePaths.signIn} replace />} />
        </Routes>
      </ConsoleShell>
    )
  }
  return (
    <ConsoleContext value={state}>
      <ConsoleShell staff={state.staff} onSignOut={() => void signOut()}>
        <Routes>
          <Route index element={<SearchScreen />} />
          <Route path="members/:username" element={<MemberScreen />} />
          <Route path="incidents/:ticket" element={<IncidentScreen />} />
          {isAllowed(state.staff.role, 'manageStaff') && (
            <Route path="staff" element={<StaffScreen />} />
          )}
          <Route
            path="password"
            element={<PasswordScreen onChanged={passwordChanged} onSessionEnded={sessionEnded} />}
          />
          <Route path="*" element={<Navigate to={consolePaths.home} replace />} />
        </Routes>
      </ConsoleShell>
    </ConsoleContext>
  )
}

/** The lazily loaded route's component (app/router.tsx). */
export function Component() {
  return <ConsoleApp />
}
