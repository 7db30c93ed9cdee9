/**
 * A create body whose first string member carries `marker`, so that what it made can be counted in the
 * collection read back, whatever shape the collection's JSON has: the marker is bracketed (`[apisim-post-1]`)
 * so that no marker is part of another (`[apisim-post-10]`), and only one member carries it so that a write
 * counts once. Undefined when the body has no string member to carry it.
 */
export function markedBody<V>(body: Readonly<Record<string, V>>, marker: string): Record<string, V | string> | undefined {
  const member = Object.keys(body).find((k) => typeof body[k] === 'string');
  if (member === undefined) return undefined;
  return { ...body, [member]: `${body[member] as unknown as string} ${marker}` };
}

export const postMarker = (i: number): string => `[apisim-post-${i}]`;

/** How many times the marker occurs in a text: in a collection's JSON, how many objects carry it. */
export function occurrences(text: string, marker: string): number {
  return text.split(marker).length - 1;
}
