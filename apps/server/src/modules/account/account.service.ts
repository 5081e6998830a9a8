// The member's own account calls (decision 0008): the signed-in account, the profile name
// and the password change from a signed-in session.
import type { SignedInAccount, UpdateTempPasswordResponse } from '@portal/contract'
import { verifyPassword } from '../../lib/passwords.ts'
import type { Store } from '../../store/index.ts'
import type { SessionUser } from '../../store/users.repo.ts'
import type { passwordService } from '../password/password.service.ts'

interface Deps {
  store: Store
  passwords: ReturnType<typeof passwordService>
}

export function accountService({ store, passwords }: Deps) {
  const { users, customers, sessions, audit } = store
  const accountOf = async (user: SessionUser): Promise<SignedInAccount> => ({
    login: user.username,
    firstName: (await customers.findByCustnum(user.custnum))?.firstName ?? null,
    customerNumber: user.custnum,
    prgName: user.program,
    imageUrl: null,
    authorities: ['ROLE_USER'],
  })

  return {
    accountOf,

    async saveFirstName(user: SessionUser, firstName: string, clientIp: string) {
      await customers.updateFirstName(user.custnum, firstName.trim())
      await audit.record({ event: 'account.profile_saved', userId: user.id, clientIp })
      return accountOf(user)
    },

    /**
     * Whether `password` is the current one; a wrong one is recorded. The hash is read here,
     * the one place a signed-in member's password is checked: sessions never carry it.
     */
    async isCurrentPassword(user: SessionUser, password: string, clientIp: string) {
      const passwordHash = (await users.findById(user.id))?.passwordHash
      if (passwordHash !== undefined && (await verifyPassword(passwordHash, password))) return true
      await audit.record({ event: 'password.current_refused', userId: user.id, clientIp })
      return false
    },

    /** The history of eight applies; on a change, every session of the member ends. */
    async changePassword(user: SessionUser, password: string): Promise<UpdateTempPasswordResponse> {
      const result = await passwords.replacePassword(user.id, password)
      if (result.passwordUpdated) await sessions.removeAllOf(user.id)
      return result
    },
  }
}
