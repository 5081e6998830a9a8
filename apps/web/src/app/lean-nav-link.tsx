// React Router's NavLink made of the lean Link (lean-links.tsx, which says why), in a module
// of its own so that it comes with the screens that show one (the console), not with the
// login page's entry (issue 45). The production build puts it in place of the library's.
import { forwardRef } from 'react'
import { useLocation, useResolvedPath, type NavLinkProps } from 'react-router'
import { Link } from './lean-links.tsx'

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  {
    'aria-current': ariaCurrent = 'page',
    caseSensitive = false,
    className = '',
    end = false,
    style,
    to,
    children,
    ...rest
  },
  ref,
) {
  const path = useResolvedPath(to, { relative: rest.relative })
  const fold = (text: string) => (caseSensitive ? text : text.toLowerCase())
  const here = fold(useLocation().pathname)
  const target = fold(path.pathname)
  const endSlash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length
  const isActive =
    here === target || (!end && here.startsWith(target) && here.charAt(endSlash) === '/')
  const renderProps = { isActive, isPending: false, isTransitioning: false }
  return (
    <Link
      {...rest}
      ref={ref}
      to={to}
      aria-current={isActive ? ariaCurrent : undefined}
      className={
        typeof className === 'function'
          ? className(renderProps)
          : [className, isActive ? 'active' : null].filter(Boolean).join(' ')
      }
      style={typeof style === 'function' ? style(renderProps) : style}
    >
      {typeof children === 'function' ? children(renderProps) : children}
    </Link>
  )
})
