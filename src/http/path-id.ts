/** Ids are positive decimal integers without sign or leading zeros, so one object has one URL. */
export function parsePathId(segment: string): number | undefined {
  if (!/^[1-9][0-9]{0,14}$/.test(segment)) return undefined;
  return Number(segment);
}
