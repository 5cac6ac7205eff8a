/**
 * `now.toISOString()`, remembered for the last millisecond asked (a busy edge asks many times per ms),
 * and that text's instant for the batch writer, so it need not parse back what was just formatted.
 */
let isoAt = Number.NaN;
let isoText = '';

export function isoTimeOf(now: Date): string {
  const at = now.getTime();
  if (at !== isoAt) {
    isoText = now.toISOString();
    isoAt = at;
  }
  return isoText;
}

/** The ms of `text` when it is the last text `isoTimeOf` made, else undefined. */
export function lastIsoInstant(text: string): number | undefined {
  return text === isoText ? isoAt : undefined;
}
