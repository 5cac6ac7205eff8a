import { describe, expect, it } from 'vitest';
import { bulkResultsSchema } from './bulk-results';

/** What the link import reads of `POST /v1/links/bulk`'s answer. */
describe('bulkResultsSchema', () => {
  it('reads each item as created (with its short URL) or failed (with why)', () => {
    const parsed = bulkResultsSchema.parse([
      { index: 0, status: 'created', link: { id: 'l1', short_url: 'https://lnk.example/a', slug: 'a' } },
      {
        index: 1,
        status: 'failed',
        error: {
          code: 'slug_taken',
          message: 'Taken.',
          details: [{ field: 'slug', issue: 'slug_taken', extra: 1 }],
        },
      },
    ]);
    expect(parsed).toEqual([
      { index: 0, status: 'created', link: { id: 'l1', short_url: 'https://lnk.example/a' } },
      {
        index: 1,
        status: 'failed',
        error: { code: 'slug_taken', message: 'Taken.', details: [{ field: 'slug', issue: 'slug_taken' }] },
      },
    ]);
  });

  it('refuses an answer it cannot act on: an unknown status, a created item without its address', () => {
    expect(bulkResultsSchema.safeParse([{ index: 0, status: 'skipped' }]).success).toBe(false);
    expect(bulkResultsSchema.safeParse([{ index: 0, status: 'created', link: { id: 'l1' } }]).success).toBe(
      false,
    );
    expect(
      bulkResultsSchema.safeParse([{ index: -1, status: 'created', link: { id: 'l1', short_url: 's' } }])
        .success,
    ).toBe(false);
  });
});
