import { useEffect, useId, useRef } from 'react'
import { Link } from 'react-router'
import type { ProgramCode } from '@portal/contract'
import { PhoneLink } from './phone-link.tsx'
import './contact-dialog.css'
import { t } from '../i18n/texts.ts'

export interface ContactWindowProps {
  program: ProgramCode
  phone: string | null
  email: string | null
  /** The header's Home link, repeated here for phones, whose header leaves it out (review 15). */
  homePath: string
  /** Closed (Esc, Close, the backdrop): the opener takes the focus back. */
  onClose: () => void
}

/**
 * The window of the pl header's "Contact Us" popup (spec §1), loaded when it is first opened
 * (contact-dialog.tsx). A modal <dialog>: the browser traps focus and closes it on Esc.
 */
export function ContactWindow({ program, phone, email, homePath, onClose }: ContactWindowProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const headingId = useId()
  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    closeRef.current?.focus()
  }, [])

  return (
    <dialog
      ref={dialogRef}
      className="contact-dialog"
      aria-labelledby={headingId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) event.currentTarget.close()
      }}
    >
      <div className="contact-dialog__body">
        <h2 id={headingId} className="contact-dialog__heading">
          {t.frame.header.contactUs}
        </h2>
        <p>{t.frame.header.contactIntro}</p>
        <dl className="contact-dialog__list">
          {phone && (
            <div>
              <dt>{t.frame.header.phone}</dt>
              <dd>
                <PhoneLink program={program} phone={phone} />
              </dd>
            </div>
          )}
          {email && (
            <div>
              <dt>{t.frame.header.email}</dt>
              <dd>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </div>
          )}
        </dl>
        <form method="dialog" className="contact-dialog__actions">
          <Link
            className="button button--secondary contact-dialog__home"
            to={homePath}
            onClick={() => dialogRef.current?.close()}
          >
            {t.frame.header.home}
          </Link>
          <button ref={closeRef} type="submit" className="button button--primary">
            {t.frame.header.close}
          </button>
        </form>
      </div>
    </dialog>
  )
}
