/**
 * Escapes text for HTML element content and quoted attribute values: every server-rendered page (identity,
 * development mailbox, partner simulators) puts each dynamic value through it.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
