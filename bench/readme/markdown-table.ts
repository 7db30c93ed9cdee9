export type Alignment = 'left' | 'right';

/** A pipe in a cell would end it early; a newline would end the table. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/** A GitHub-flavoured Markdown table; numbers read best right-aligned so their digits line up. */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[], align: readonly Alignment[] = []): string {
  const rule = head.map((_, i) => (align[i] === 'right' ? '---:' : '---'));
  const line = (cells: readonly string[]): string => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), line(rule), ...rows.map(line)].join('\n');
}
