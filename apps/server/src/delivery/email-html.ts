// Issue 27 (problem 8): the HTML part of every email, made from its text. Paragraphs stay
// paragraphs; a paragraph indented by four spaces (the temporary password in groups of four,
// templates.ts readingLine) is shown in large type, its groups set apart by space around
// them rather than by spaces in the text, so that a copy of it is the password itself.
import { escapeHtml } from '../lib/html.ts'

const bodyStyle =
  'font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1b2430'
const displayStyle =
  "font-family: Consolas, Menlo, 'DejaVu Sans Mono', monospace; font-size: 30px; font-weight: bold; letter-spacing: 0.06em; margin: 16px 0; color: #1b2430"
const groupStyle = 'display: inline-block; margin-right: 0.6em'

export function emailHtml(text: string): string {
  const paragraphs = text.split(/\n{2,}/).map((paragraph) => {
    if (/^ {4}\S/.test(paragraph) && !paragraph.includes('\n')) {
      const groups = paragraph.trim().split(/\s+/)
      const spans = groups.map((group) => `<span style="${groupStyle}">${escapeHtml(group)}</span>`)
      return `<p style="${displayStyle}">${spans.join('')}</p>`
    }
    return `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`
  })
  return `<!doctype html><html><body style="${bodyStyle}">${paragraphs.join('')}</body></html>`
}
