// Issue 27 (problem 8): the email's HTML shows the temporary password large, in groups.
import { describe, expect, it } from 'vitest'
import { emailHtml } from './email-html.ts'
import { brandOf, templates } from './templates.ts'

describe('the temporary-password email', () => {
  it('shows the password in groups of four on a line of its own, in both languages', () => {
    const lifetime = { amount: 24, unit: 'hour' } as const
    const en = templates.temporaryPassword(
      brandOf('bclip', '8005550100'),
      'Bavukemi4827!',
      lifetime,
    )
    expect(en.email).toContain(
      'Your temporary password is: Bavukemi4827!\n\n    Bavu kemi 4827 !\n\n',
    )
    expect(en.email).toContain('type it without them')
    const es = templates.temporaryPassword(
      brandOf('bclip', '8005550100', 'es-US'),
      'Bavukemi4827!',
      lifetime,
    )
    expect(es.email).toContain(
      'Su contraseña temporal es: Bavukemi4827!\n\n    Bavu kemi 4827 !\n\n',
    )
    expect(es.email).toContain('escríbala sin ellos')
  })

  it('writes the grouped line in large type, without spaces in the copied text', () => {
    const html = emailHtml('Your temporary password is: Bav&k<1\n\n    Bavu kemi 4827 !\n\nBye')
    expect(html).toContain('<p>Your temporary password is: Bav&amp;k&lt;1</p>')
    expect(html).toMatch(/<p style="[^"]*font-size: 30px[^"]*">(<span[^>]*>[^<]+<\/span>){4}<\/p>/)
    expect(html).toContain('>Bavu</span><span')
    expect(html).not.toContain('Bavu kemi')
    expect(html).toContain('<p>Bye</p>')
  })
})
