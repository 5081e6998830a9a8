// What both login routes do before the screen (spec §2 screen 1, "proliability area"): the
// program's page title, and `cname` in the address prefilling the username.
import { useLocation } from 'react-router'
import { t } from '../../i18n/texts.ts'
import { useDocumentTitle } from '../../lib/visit/page.ts'

/** The `cname` to prefill; the screen takes it as its key too, so a new one starts a fresh form. */
export function useLoginRoute(programName: string): string {
  // Read from the address, not with useSearchParams: the login page's first load then carries
  // none of the library's code for changing the query (issue 45).
  const { search } = useLocation()
  useDocumentTitle(t.frame.titles.login, programName)
  return new URLSearchParams(search).get('cname') ?? ''
}
