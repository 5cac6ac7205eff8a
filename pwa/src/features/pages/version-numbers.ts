import type { PageVersionView } from '@linkhub/shared/schemas/page-versions';

/**
 * The one numbering of a page's published versions: "Version 1" is the oldest of the list, the
 * newest has the highest number. The history panel and the leads screen ("agreed on page version
 * N") both number through here, so a lead names the version the history shows.
 */
export function numberVersions<T extends Pick<PageVersionView, 'version'>>(
  newestFirst: readonly T[],
): Array<T & { number: number }> {
  return newestFirst.map((v, index, all) => ({ ...v, number: all.length - index }));
}

/**
 * The history's number of the published version a visitor saw, by the draft revision it was
 * published from (what a lead records); null when that version is not in the list.
 */
export function versionNumberOf(
  newestFirst: readonly Pick<PageVersionView, 'version' | 'draft_revision'>[],
  draftRevision: number,
): number | null {
  // A republish of the same revision (a restore) is a later version: the first one it was published as counts.
  const numbered = numberVersions(newestFirst).filter((v) => v.draft_revision === draftRevision);
  return numbered.at(-1)?.number ?? null;
}
