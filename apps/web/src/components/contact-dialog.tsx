import { lazy, Suspense, useRef, useState } from 'react'
import type { ContactWindowProps } from './contact-window.tsx'
import { t } from '../i18n/texts.ts'

// The window comes when it is first opened: the header shows the same number and address,
// and the login page's first load stays lighter (issues 23 and 24's 100 KB).
const ContactWindow = lazy(() =>
  import('./contact-window.tsx').then((module) => ({ default: module.ContactWindow })),
)

/**
 * The pl header's "Contact Us" button and popup (spec §1); focus goes back to the button when
 * the popup closes.
 */
export function ContactDialog(props: Omit<ContactWindowProps, 'onClose'>) {
  const openerRef = useRef<HTMLButtonElement>(null)
  const [isOpen, setOpen] = useState(false)
  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className="button button--secondary button--small"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setOpen(true)}
      >
        {t.frame.header.contactUs}
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <ContactWindow
            {...props}
            onClose={() => {
              setOpen(false)
              openerRef.current?.focus()
            }}
          />
        </Suspense>
      )}
    </>
  )
}
