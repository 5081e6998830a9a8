import { afterEach, describe, expect, it } from 'vitest'
import type { FieldErrors } from 'react-hook-form'
import { fieldMessagesOf } from './use-submission.ts'

/** A labelled input in the page, as a form's field; the error react-hook-form gives for it. */
function errorAt(id: string, label: string, message: string) {
  const wrapper = document.createElement('div')
  wrapper.innerHTML = `<label for="${id}">${label}</label><input id="${id}">`
  document.body.append(wrapper)
  return { type: 'custom', message, ref: document.getElementById(id) ?? undefined }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe("the error summary's items", () => {
  it('name the field when the message does not', () => {
    const errors = { number: errorAt('number', 'Agent Number', 'This field is required.') }
    expect(fieldMessagesOf(errors as FieldErrors)).toEqual([
      { fieldId: 'number', text: 'Agent Number: This field is required.' },
    ])
  })

  it('do not name it twice when the message names it (review 15)', () => {
    const errors = {
      userName: errorAt('username', 'Username', 'Username is required'),
      mobile: errorAt('mobile', 'Mobile Number', 'Please enter a valid mobile number.'),
      name: errorAt('es', 'Nombre de usuario', 'El nombre de usuario es obligatorio'),
    }
    expect(fieldMessagesOf(errors as FieldErrors).map((item) => item.text)).toEqual([
      'Username is required',
      'Please enter a valid mobile number.',
      'El nombre de usuario es obligatorio',
    ])
  })
})
