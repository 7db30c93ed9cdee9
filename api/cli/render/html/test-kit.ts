/** A row of the verdict table as the page shows it: the verdict's words, the name (a link when it leads to a failure), the line below. */
export interface ShownVerdict {
  readonly outcome: string;
  readonly name: string;
  readonly detail: string;
}

/** The verdict table read back from a report's page, row by row. */
export function shownVerdicts(html: string): ShownVerdict[] {
  const rows = html.matchAll(/<tr class="\w+"><td><span class="pill \w+">([^<]*)<\/span><\/td><td><div class="name">(.*?)<\/div>(?:<div class="detail">(.*?)<\/div>)?<\/td><\/tr>/g);
  return [...rows].map((m) => ({ outcome: m[1]!, name: m[2]!, detail: m[3] ?? '' }));
}
