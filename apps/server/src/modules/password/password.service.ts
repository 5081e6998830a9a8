// Replacing a temporary or expired password (spec §4 "Temporary-password update outcomes").
import type { UpdateTempPasswordResponse } from '@portal/contract'
import type { Clock } from '../../lib/clock.ts'
import { hashPassword, verifyPassword } from '../../lib/passwords.ts'
import type { auditRepo } from '../../store/audit.repo.ts'
import type { usersRepo } from '../../store/users.repo.ts'

interface Deps {
  users: ReturnType<typeof usersRepo>
  audit: ReturnType<typeof auditRepo>
  clock: Clock
}

export function passwordService({ users, audit, clock }: Deps) {
  return {
    /**
     * Sets the new password unless it is one of the last eight (the current one counts).
     * The password, its history and the temporary flag change in one transaction, so the
     * "updated but flag not cleared" outcome the portal can show never arises here.
     */
    async replacePassword(userId: number, password: string): Promise<UpdateTempPasswordResponse> {
      const previous = await users.recentPasswordHashes(userId)
      const matches = await Promise.all(previous.map((hash) => verifyPassword(hash, password)))
      if (matches.some(Boolean)) {
        await audit.record({ event: 'password.reuse_refused', userId })
        return {
          passwordUpdated: false,
          temporaryPasswordFlagUpdated: false,
          matchesPreviousEightPasswords: true,
        }
      }
      await users.changePassword(userId, await hashPassword(password), clock.now(), {
        isTemporary: false,
      })
      await audit.record({ event: 'password.changed', userId })
      return {
        passwordUpdated: true,
        temporaryPasswordFlagUpdated: true,
        matchesPreviousEightPasswords: false,
      }
    },
  }
}
