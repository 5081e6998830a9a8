// What both login routes do before the screen (spec §2 screen 1, "proliability area"): the
// program's page title, and `cname` in the address prefilling the username.
import { useSearchParams } from 'react-router'
import { t } from '../../i18n/texts.ts'
import { useDocumentTitle } from '../../lib/visit/page.ts'

/** The `cname` to prefill; the screen takes it as its key too, so a new one starts a fresh form. */
export function useLoginRoute(programName: string): string {
  const [searchParams] = useSearchParams()
  useDocumentTitle(t.frame.titles.login, programName)
  return searchParams.get('cname') ?? ''
}
