// The global stylesheet comes first so that component styles can refine it.
import './styles/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { loadScreenModules } from './app/load-screens.ts'
import { AppRoutes } from './app/router.tsx'
import { loadAllTextsOnFirstUse, loadLocale } from './i18n/texts.ts'
// Issue 45: the login screen's own styles are in the page's stylesheet, after the shell's as
// before, so that the login page waits for one stylesheet, not four (each one more request
// holding the first paint); other screens get 1 KB more of it. Their components do not import
// them: a stylesheet imported by both would split the entry's chunk.
import './components/password-input.css'
import './components/spinner.css'
import './features/login/login.css'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

const root = container
const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
)
// The active language's texts of the login page are there before the first screen renders
// (issue 24); should they fail to load, the page shows in English rather than not at all. The
// rest of the catalogue comes when the member starts using the page (i18n/texts.ts). A login
// page the service rendered (issue 45: src/prerender.tsx, data-rendered) is hydrated: the
// portal's first render is the same markup, which stays on the screen and starts working.
loadAllTextsOnFirstUse(loadScreenModules)
const held = root.hasAttribute('data-rendered') ? holdUntilHydrating(root) : undefined
void loadLocale().finally(() => {
  // As a transition, the hydration yields to the browser every few milliseconds: the form on
  // the screen answers the member meanwhile, where one long task would hold it.
  if (!held) createRoot(root).render(app)
  else {
    startTransition(() => void hydrateRoot(root, app))
    held()
  }
})

/**
 * A rendered login page is on the screen before the portal is: a submit or a link followed
 * in that time would leave the page (the form posting to its own address, a guarded screen
 * loaded afresh, which the guard refuses). Until the portal has hydrated the element, they are
 * held, and then done again, which the portal then answers. Gives back the function to call
 * once hydration has started. React marks a hydrated element with its props (`__reactProps$`);
 * should a later React not, the last one held is done again after 5 s all the same.
 */
function holdUntilHydrating(element: HTMLElement): () => void {
  const isHydrated = (node: Element) =>
    Object.keys(node).some((key) => key.startsWith('__reactProps$'))
  let last: { node: Element; redo: () => void } | undefined
  const hold = (event: Event) => {
    const target = event.target as Element | null
    if (!target || isHydrated(target)) return
    if (event.type === 'submit' && target instanceof HTMLFormElement) {
      const submitter = (event as SubmitEvent).submitter
      last = { node: target, redo: () => target.requestSubmit(submitter) }
    } else {
      const link = target.closest('a[href]')
      if (!(link instanceof HTMLAnchorElement) || link.target || link.origin !== location.origin)
        return
      last = { node: link, redo: () => link.click() }
    }
    event.preventDefault()
  }
  element.addEventListener('submit', hold, true)
  element.addEventListener('click', hold, true)
  // Hydrated last: the lazy screen's form (else the page's first element).
  const sentinel = element.querySelector('form') ?? element.firstElementChild
  const started = Date.now()
  const redo = () => {
    const waitsFor = last?.node ?? sentinel
    if (waitsFor && !isHydrated(waitsFor) && Date.now() - started < 5000) {
      setTimeout(redo, 16)
      return
    }
    element.removeEventListener('submit', hold, true)
    element.removeEventListener('click', hold, true)
    last?.redo()
  }
  return redo
}
