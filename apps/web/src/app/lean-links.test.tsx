// The build's Link and NavLink (lean-links.tsx, lean-nav-link.tsx) behave as React Router's own for what the
// portal uses: the address, a click that navigates (with its state), a plain link outside
// the portal, a NavLink marking the current page.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Link } from './lean-links.tsx'
import { NavLink } from './lean-nav-link.tsx'

function Where() {
  const location = useLocation()
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>
}

function renderAt(path: string, links: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {links}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  )
}

describe('lean Link', () => {
  it('points at the address and navigates with its state on a click', async () => {
    let clicked = 0
    renderAt(
      '/usweb/login',
      <Link to="/usweb/forgot-password" state={{ from: 'login' }} onClick={() => clicked++}>
        Forgot
      </Link>,
    )
    const link = screen.getByRole('link', { name: 'Forgot' })
    expect(link).toHaveAttribute('href', '/usweb/forgot-password')
    await userEvent.click(link)
    expect(clicked).toBe(1)
    expect(screen.getByTestId('where')).toHaveTextContent('/usweb/forgot-password {"from":"login"}')
  })

  it('leaves a link outside the portal to the browser', () => {
    renderAt('/usweb/login', <Link to="https://example.com/policy">Policy</Link>)
    expect(screen.getByRole('link', { name: 'Policy' })).toHaveAttribute(
      'href',
      'https://example.com/policy',
    )
  })
})

describe('lean NavLink', () => {
  it('marks the current page, and a parent only without `end`', () => {
    renderAt(
      '/console/staff',
      <>
        <NavLink to="/console" end>
          Home
        </NavLink>
        <NavLink to="/console">Area</NavLink>
        <NavLink to="/console/staff" className="tab">
          Staff
        </NavLink>
      </>,
    )
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current')
    expect(screen.getByRole('link', { name: 'Area' })).toHaveAttribute('aria-current', 'page')
    const staff = screen.getByRole('link', { name: 'Staff' })
    expect(staff).toHaveAttribute('aria-current', 'page')
    expect(staff).toHaveClass('tab', 'active')
  })
})
