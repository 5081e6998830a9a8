// The signed-in customer's current policy term (decision 0008), from the imported terms.
import type { Clock } from '../../lib/clock.ts'
import type { Store } from '../../store/index.ts'

interface Deps {
  store: Store
  clock: Clock
}

export function policyService({ store, clock }: Deps) {
  const { policyTerms } = store
  return {
    async currentTerm(custnum: string) {
      // Terms are calendar days of the business (UTC dates, as imported).
      const today = clock.now().toISOString().slice(0, 10)
      return policyTerms.currentTerm(custnum, today)
    },
  }
}
