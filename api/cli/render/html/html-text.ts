/**
 * Text for HTML, in an element or in a quoted attribute. Everything a run said (a body, a header, a path, a
 * finding that quotes them) is hostile input here: escaped, it can only ever be read, never run or loaded.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}

const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
