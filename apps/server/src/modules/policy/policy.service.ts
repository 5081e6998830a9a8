// The signed-in customer's current policy term (decision 0008), from the imported terms.
import type { Clock } from '../../lib/clock.ts'
import type { policyTermsRepo } from '../../store/policy-terms.repo.ts'

interface Deps {
  policyTerms: ReturnType<typeof policyTermsRepo>
  clock: Clock
}

export function policyService({ policyTerms, clock }: Deps) {
  return {
    async currentTerm(custnum: string) {
      // Terms are calendar days of the business (UTC dates, as imported).
      const today = clock.now().toISOString().slice(0, 10)
      return policyTerms.currentTerm(custnum, today)
    },
  }
}
