// The global stylesheet comes first so that component styles can refine it.
import './styles/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
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
loadAllTextsOnFirstUse()
void loadLocale().finally(() => {
  // As a transition, the hydration yields to the browser every few milliseconds: the form on
  // the screen answers the member meanwhile, where one long task would hold it.
  if (root.hasAttribute('data-rendered')) startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
})
