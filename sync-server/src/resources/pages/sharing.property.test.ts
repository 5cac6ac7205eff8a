import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LANGUAGES } from '@linkhub/shared/page-language/languages';
import { startV1Kit, ALL_SCOPES, type Envelope, type V1Kit } from '../../testing/v1-kit';

/**
 * The sharing fields' door: any share title, description and language a client may send is either
 * stored as sent (trimmed) or refused with a 400 that names the field, never a 500, and a refused
 * PATCH changes nothing.
 */
let kit: V1Kit;
let key: string;
let pageId: string;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  const res = await kit.api('POST', '/v1/pages', { key, body: { handle: 'share-prop', title: 'Prop' } });
  pageId = ((await res.json()) as Envelope<{ id: string }>).data.id;
});
afterAll(async () => {
  await kit.stop();
});

type Sharing = { share_title: string; share_description: string; language: string };

const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: max + 5 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom('', '  padded  ', '<script>alert(1)</script>', 'a\u202Eb', 'x'.repeat(max + 1)),
  );

describe('PATCH /v1/pages/{id} sharing fields', () => {
  it('stores what is valid and refuses the rest with a 400 on the field, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            share_title: text(200),
            share_description: text(500),
            language: fc.oneof(fc.constantFrom(...PAGE_LANGUAGES), fc.string({ maxLength: 8 })),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          if (Object.keys(body).length === 0) return;
          const before = await kit.api('GET', `/v1/pages/${pageId}`, { key });
          const was = ((await before.json()) as Envelope<Sharing>).data;
          const res = await kit.api('PATCH', `/v1/pages/${pageId}`, { key, body });
          expect([200, 400]).toContain(res.status);
          const answer = (await res.json()) as Envelope<Sharing> & {
            error?: { details: Array<{ field?: string }> };
          };
          if (res.status === 400) {
            const fields = (answer.error?.details ?? []).map((d) => d.field);
            expect(fields.some((f) => f !== undefined && f in body)).toBe(true);
            const after = await kit.api('GET', `/v1/pages/${pageId}`, { key });
            const now = ((await after.json()) as Envelope<Sharing>).data;
            expect([now.share_title, now.share_description, now.language]).toEqual([
              was.share_title,
              was.share_description,
              was.language,
            ]);
            return;
          }
          if (body.share_title !== undefined) expect(answer.data.share_title).toBe(body.share_title.trim());
          if (body.language !== undefined) expect(answer.data.language).toBe(body.language);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
