// Text written into HTML the service makes itself (the login shell, the HTML part of emails,
// the demo's pages): every character that could open a tag or close an attribute,
// whether the attribute is quoted with " or '.
const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => entities[c] ?? c)
}
