/**
 * Reads back what csv-stringify wrote (RFC 4180: quoted cells, doubled quotes, `\n` line ends), so tests can
 * check the file itself rather than the rows it was made from.
 */
export function readCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === '\n') {
      row.push(cell);
      cell = '';
      if (c === '\n') {
        records.push(row);
        row = [];
      }
    } else cell += c;
  }
  const [header, ...body] = records;
  if (header === undefined) return [];
  return body.map((cells) => {
    if (cells.length !== header.length) throw new Error(`a record has ${cells.length} cells, the header ${header.length}`);
    return Object.fromEntries(header.map((name, i) => [name, cells[i]!]));
  });
}
