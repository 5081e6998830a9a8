// React Router's Link and NavLink without what only its framework mode uses (issue 45). The
// library's Link carries route-module prefetching (`prefetch`, `discover`, the framework's
// manifest and RSC), which a declarative BrowserRouter never runs but every page loaded
// with it: 2 KB brotli of the login page. These are built from the library's own public
// parts (`useHref`, `useLinkClickHandler`, `useResolvedPath`), so a click navigates exactly
// as the library's Link does, transitions included. The production build puts them in place
// of the library's (`leanReactRouter` in vite.config.ts); the code imports `react-router`.
import { forwardRef, useContext, type MouseEvent } from 'react'
import {
  UNSAFE_NavigationContext as NavigationContext,
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
  type LinkProps,
  type NavLinkProps,
} from 'react-router'

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  {
    onClick,
    relative,
    reloadDocument,
    replace,
    state,
    target,
    to,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate,
    mask,
    // Framework mode only: nothing to prefetch or discover in a declarative router.
    discover: _discover,
    prefetch: _prefetch,
    ...rest
  },
  ref,
) {
  const { useTransitions } = useContext(NavigationContext)
  const href = useHref(to, { relative })
  const navigate = useLinkClickHandler(to, {
    replace,
    state,
    target,
    preventScrollReset,
    relative,
    viewTransition,
    defaultShouldRevalidate,
    mask,
    useTransitions,
  })
  // As the library's: an address outside the portal (or a forced reload) is a plain link.
  const isExternal = typeof to === 'string' && /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(to)
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (!event.defaultPrevented) navigate(event)
  }
  return (
    <a
      {...rest}
      href={isExternal ? to : href}
      onClick={isExternal || reloadDocument ? onClick : handleClick}
      ref={ref}
      target={target}
    />
  )
})

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
