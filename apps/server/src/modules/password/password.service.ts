// Replacing a temporary or expired password (spec §4 "Temporary-password update outcomes").
import type { UpdateTempPasswordResponse } from '@portal/contract'
import type { Clock } from '../../lib/clock.ts'
import { refuseGuessable } from './password-blocklist.ts'
import { hashPassword, verifyPassword } from '../../lib/passwords.ts'
import type { OutboxWriter } from '../../delivery/outbox.ts'
import { brandOf, templates } from '../../delivery/templates.ts'
import type { Store } from '../../store/index.ts'

interface Deps {
  store: Store
  writer: OutboxWriter
  clock: Clock
}

export type PasswordService = ReturnType<typeof passwordService>

export function passwordService({ store, writer, clock }: Deps) {
  const { reference, users, audit } = store
  return {
    /**
     * Sets the new password unless it is too easy to guess (GuessablePassword, issue 28) or
     * one of the last eight (the current one counts).
     * The password, its history and the temporary flag change in one transaction, so the
     * "updated but flag not cleared" outcome the portal can show never arises here.
     */
    async replacePassword(userId: number, password: string): Promise<UpdateTempPasswordResponse> {
      const user = await users.findById(userId)
      const customer = user && (await store.customers.findByCustnum(user.custnum))
      refuseGuessable(
        password,
        {
          username: user?.username,
          names: [customer?.firstName, customer?.cname],
          program: user?.program,
        },
        'password',
      )
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
      const passwordHash = await hashPassword(password)
      const notice =
        user &&
        templates.passwordChanged(
          brandOf(user.program, await reference.phoneOf(user.program), user.locale),
        )
      await store.transaction(async (tx) => {
        await tx.users.changePassword(userId, passwordHash, clock.now(), {
          isTemporary: false,
        })
        // A changed password ends every sign-in of the user, on any device, and every device
        // trust: the next sign-in passes a code again (issue 32, D1).
        await tx.sessions.removeAllOf(userId)
        await tx.mfa.forgetDevices(userId)
        if (user?.email && notice) {
          await writer.enqueue(tx, {
            channel: 'email',
            recipient: user.email,
            program: user.program,
            message: notice,
          })
        }
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
