// Issue 23: the member's passkeys on the Update Verification Information screen (name,
// created, last used) with Remove. The service refuses a removal unless a second factor
// passed in this sign-in, and says so; the list then stays as it was.
import { useEffect, useState } from 'react'
import type { Passkey } from '@portal/contract'
import { locale, t } from '../../i18n/texts.ts'
import { listPasskeys, removePasskey } from './passkeys-api.ts'

/** A date in the page's language ('28 nov 2026' in Spanish), or Never. */
const dateOf = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' }) : t.passkeys.never

export function PasskeyList() {
  const texts = t.passkeys
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    void listPasskeys(controller.signal).then((answer) => {
      if (answer.kind === 'answered') setPasskeys(answer.passkeys)
    })
    return () => controller.abort()
  }, [])

  if (passkeys === null) return null

  const remove = async (passkey: Passkey) => {
    if (isBusy) return
    setBusy(true)
    const answer = await removePasskey(passkey.id)
    setBusy(false)
    if (answer.kind === 'answered') {
      setPasskeys(answer.passkeys)
      setStatus(texts.removed(passkey.name))
    } else {
      setStatus(answer.message ?? texts.removeRefused)
    }
  }

  return (
    <section className="passkey-list" aria-labelledby="passkey-list-title">
      <h2 id="passkey-list-title" className="mfa__more-title">
        {texts.listTitle}
      </h2>
      <p>{texts.listIntro}</p>
      <div role="status">{status && <p className="mfa__notice">{status}</p>}</div>
      {passkeys.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{texts.name}</th>
              <th scope="col">{texts.created}</th>
              <th scope="col">{texts.lastUsed}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {passkeys.map((passkey) => (
              <tr key={passkey.id}>
                <th scope="row">{passkey.name}</th>
                <td>{dateOf(passkey.createdAt)}</td>
                <td>{dateOf(passkey.lastUsedAt)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={texts.removeLabel(passkey.name)}
                    disabled={isBusy}
                    onClick={() => void remove(passkey)}
                  >
                    {texts.remove}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
