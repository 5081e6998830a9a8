import { useId, useRef } from 'react'
import type { ProgramCode } from '@portal/contract'
import { PhoneLink } from './phone-link.tsx'
import './contact-dialog.css'
import { webTexts } from '../i18n/texts.ts'

interface ContactDialogProps {
  program: ProgramCode
  phone: string | null
  email: string | null
}

/**
 * The pl header's "Contact Us" popup (spec §1). A modal <dialog>: the browser traps focus
 * and closes it on Esc; focus goes back to the button that opened it.
 */
export function ContactDialog({ program, phone, email }: ContactDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLButtonElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const headingId = useId()

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className="button button--secondary button--small"
        aria-haspopup="dialog"
        onClick={() => {
          dialogRef.current?.showModal()
          closeRef.current?.focus()
        }}
      >
        {webTexts.header.contactUs}
      </button>
      <dialog
        ref={dialogRef}
        className="contact-dialog"
        aria-labelledby={headingId}
        onClose={() => openerRef.current?.focus()}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) event.currentTarget.close()
        }}
      >
        <div className="contact-dialog__body">
          <h2 id={headingId} className="contact-dialog__heading">
            {webTexts.header.contactUs}
          </h2>
          <p>{webTexts.header.contactIntro}</p>
          <dl className="contact-dialog__list">
            {phone && (
              <div>
                <dt>{webTexts.header.phone}</dt>
                <dd>
                  <PhoneLink program={program} phone={phone} />
                </dd>
              </div>
            )}
            {email && (
              <div>
                <dt>{webTexts.header.email}</dt>
                <dd>
                  <a href={`mailto:${email}`}>{email}</a>
                </dd>
              </div>
            )}
          </dl>
          <form method="dialog" className="contact-dialog__actions">
            <button ref={closeRef} type="submit" className="button button--primary">
              {webTexts.header.close}
            </button>
          </form>
        </div>
      </dialog>
    </>
  )
}
