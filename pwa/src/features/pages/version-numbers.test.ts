import { describe, expect, it } from 'vitest';
import { numberVersions, versionNumberOf } from './version-numbers';

/** Published versions newest first, as the versions endpoint lists them: their own ids and draft revisions. */
const published = [
  { version: 40, draft_revision: 33 },
  { version: 27, draft_revision: 21 },
  { version: 3, draft_revision: 2 },
];

describe('one numbering of published page versions', () => {
  it('numbers the history from the oldest, 1, 2, 3', () => {
    expect(numberVersions(published).map((v) => v.number)).toEqual([3, 2, 1]);
  });
  it('names a lead’s page revision by the number the history shows, not the raw revision', () => {
    // The lead recorded revision 21 (the old screen said "page version 21"); the history shows it as Version 2.
    expect(versionNumberOf(published, 21)).toBe(2);
    expect(versionNumberOf(published, 2)).toBe(1);
    expect(versionNumberOf(published, 99)).toBeNull();
  });
});
