import { describe, expect, it } from 'vitest';
import {
  pageSnapshotSchema,
  type PageSnapshot,
  type PageSnapshotInput,
} from '@linkhub/shared/blocks/snapshot';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createBioPageRoutes, type BioClick, type BioPageView } from './bio-page';

const HOST = 'bio.localhost';
const NOW = Date.parse('2026-12-12T12:00:00Z');
const at = (offsetSeconds: number) => new Date(NOW + offsetSeconds * 1000).toISOString();

function page(input: Partial<PageSnapshotInput>): PageSnapshot {
  return pageSnapshotSchema.parse({
    id: 'p1',
    workspace_id: 'w1',
    handle: 'drop',
    title: 'The drop',
    blocks: [],
    ...input,
  });
}

function setup(pages: PageSnapshot[], now = NOW) {
  const clicks: BioClick[] = [];
  const views: BioPageView[] = [];
  const app = createBioPageRoutes({
    pages: { getPublished: async (_host, handle) => pages.find((p) => p.handle === handle) ?? null },
    onClick: (c) => void clicks.push(c),
    onPageView: (v) => void views.push(v),
    logger: createLogger('test', { level: 'silent' }),
    now: () => now,
  });
  const get = (path: string) => app.request(path, { headers: { host: HOST } });
  return { get, clicks, views };
}

const sale = {
  id: 'sale',
  type: 'link',
  data: { title: 'Winter sale', url: 'https://shop.example/sale' },
} as const;

describe('scheduled blocks at the edge (D-605)', () => {
  it('shows a block only inside its window, and its hop answers 404 outside it', async () => {
    const cases = [
      { from: at(10), until: null, shown: false },
      { from: at(0), until: null, shown: true }, // the start is inclusive
      { from: null, until: at(0), shown: false }, // the end is exclusive
      { from: at(-3600), until: at(3600), shown: true },
    ];
    for (const { from, until, shown } of cases) {
      const { get } = setup([
        page({ blocks: [{ ...sale, data: { ...sale.data, visible_from: from, visible_until: until } }] }),
      ]);
      const html = await (await get('/drop')).text();
      expect(html.includes('Winter sale'), `${from} – ${until}`).toBe(shown);
      const hop = await get('/drop/l/sale');
      expect(hop.status).toBe(shown ? 302 : 404);
    }
  });

  it('bounds the shared cache lifetime by the next boundary, and keeps the usual one otherwise', async () => {
    const soon = setup([page({ blocks: [{ ...sale, data: { ...sale.data, visible_until: at(45) } }] })]);
    const bounded = (await soon.get('/drop')).headers.get('cache-control') ?? '';
    expect(bounded).toBe('public, max-age=0, s-maxage=45');
    const later = setup([page({ blocks: [{ ...sale, data: { ...sale.data, visible_from: at(200) } }] })]);
    expect((await later.get('/drop')).headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=140',
    );
    const far = setup([page({ blocks: [{ ...sale, data: { ...sale.data, visible_from: at(86_400) } }] })]);
    expect((await far.get('/drop')).headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    );
  });
});

describe('sensitive-content notices (D-606)', () => {
  const secret = {
    id: 'club',
    type: 'link',
    data: { title: 'Members club', url: 'https://club.example/in' },
  } as const;

  it('puts a whole page behind a notice whose Continue link renders it, with nothing of it before', async () => {
    const { get, views } = setup([
      page({
        bio: 'Private bio text',
        notice: { kind: 'adult', message: 'Art nudes inside.' },
        blocks: [secret, { id: 't1', type: 'text', data: { text: 'Block text' } }],
      }),
    ]);
    const gate = await get('/drop');
    expect(gate.status).toBe(200);
    const html = await gate.text();
    expect(html).toContain('This content is for adults (18+)');
    expect(html).toContain('Art nudes inside.');
    expect(html).toContain('href="/drop?confirm=page"');
    for (const hidden of [
      'Members club',
      'club.example',
      '/drop/l/',
      'Block text',
      'Private bio text',
      'The drop',
    ])
      expect(html).not.toContain(hidden);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(gate.headers.get('set-cookie')).toBeNull();
    expect(gate.headers.get('content-security-policy')).toContain("script-src 'nonce-");
    expect(html).not.toContain('<script');
    expect(views).toHaveLength(0);

    const page2 = await (await get('/drop?confirm=page')).text();
    expect(page2).toContain('Members club');
    // The page's links carry the confirmation, so the hop redirects at once.
    expect(page2).toContain('href="/drop/l/club?confirm=page"');
    expect(views).toHaveLength(1);
    const hop = await get('/drop/l/club?confirm=page');
    expect(hop.status).toBe(302);
    expect(hop.headers.get('location')).toBe('https://club.example/in');
  });

  it('shows a link block’s notice at its hop, then redirects and counts the click after Continue', async () => {
    const { get, clicks } = setup([
      page({ blocks: [{ ...secret, data: { ...secret.data, notice: { kind: 'sensitive' } } }] }),
    ]);
    const home = await (await get('/drop')).text();
    expect(home).toContain('href="/drop/l/club"');
    expect(home).not.toContain('club.example');
    const gate = await get('/drop/l/club');
    expect(gate.status).toBe(200);
    expect(gate.headers.get('cache-control')).toBe('private, no-store');
    const html = await gate.text();
    expect(html).toContain('Sensitive content');
    expect(html).toContain('href="/drop/l/club?confirm=block"');
    expect(html).not.toContain('club.example');
    expect(html).not.toContain('Members club');
    expect(clicks).toHaveLength(0);
    const hop = await get('/drop/l/club?confirm=block');
    expect(hop.status).toBe(302);
    expect(hop.headers.get('location')).toBe('https://club.example/in');
    expect(clicks.map((c) => c.block.id)).toEqual(['club']);
    // A page-level confirmation does not pass a link's own notice.
    expect((await get('/drop/l/club?confirm=page')).status).toBe(200);
  });

  it('asks for the page’s notice at a hop reached directly', async () => {
    const { get } = setup([page({ notice: { kind: 'sensitive' }, blocks: [secret] })]);
    const gate = await get('/drop/l/club');
    expect(gate.status).toBe(200);
    expect(await gate.text()).not.toContain('club.example');
    expect((await get('/drop/l/club?confirm=block')).status).toBe(302);
  });
});
