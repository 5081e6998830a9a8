// React Router's Link (and NavLink, lean-nav-link.tsx) without what only its framework mode uses (issue 45). The
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
  type LinkProps,
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
