import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamEvents, type AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { BIO_HOST, createHarness, ready, visit, type Harness } from '../testing/harness';

/**
 * Bio page experiments at the edge (D-279): the running experiment travels in the cached
 * snapshot, the visitor's variant is picked from the day-salted visitor hash (no cookie), and the
 * page view and the click hop carry the variant.
 */
let h: Harness;
let ws: string;
let pageId: string;
let variants: { control: string; reorder: string; relabel: string };

const WEIGHTS = { control: 5000, reorder: 3000, relabel: 2000 } as const;

beforeAll(async () => {
  h = await createHarness();
  ws = await h.seed.workspace({ name: 'Maya Prints' });
  const { id: _id, workspace_id: _ws, ...snapshot } = samplePageSnapshot({ links: 3 });
  pageId = await h.seed.page(ws, h.domains.bioDomainId, 'maya', snapshot);
  const exp = await h.seed.one(
    `INSERT INTO experiments (workspace_id, resource_type, resource_id, name, status, goal, started_at)
     VALUES ($1, 'bio_page', $2, 'Order test', 'running', 'clicks', now()) RETURNING id`,
    [ws, pageId],
  );
  const insert = async (key: string, weight: number, payload: object): Promise<string> =>
    String(
      (
        await h.seed.one(
          `INSERT INTO experiment_variants (experiment_id, workspace_id, key, name, weight, is_control, payload)
           VALUES ($1, $2, $3, $3, $4, $5, $6) RETURNING id`,
          [exp.id, ws, key, weight, key === 'a', payload],
        )
      ).id,
    );
  variants = {
    control: await insert('a', WEIGHTS.control, {}),
    reorder: await insert('b', WEIGHTS.reorder, { block_order: ['lnk003', 'lnk002', 'lnk001'] }),
    relabel: await insert('c', WEIGHTS.relabel, {
      block: { id: 'lnk001', label: 'Shop the new drop', url: 'https://shop.example/new' },
    }),
  };
});
afterAll(async () => {
  await h.close();
});

/** Which variant a rendered page is, read from the HTML alone. */
function variantOf(html: string): keyof typeof variants {
  if (html.includes('Shop the new drop')) return 'relabel';
  return html.indexOf('/maya/l/lnk003') < html.indexOf('/maya/l/lnk001') ? 'reorder' : 'control';
}

const visitor = (n: number) => ({
  ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  headers: { 'user-agent': `Mozilla/5.0 (visitor ${n})` },
});

async function eventsFor(match: (e: AnalyticsEvent) => boolean): Promise<AnalyticsEvent[]> {
  for (let i = 0; i < 150; i++) {
    const events = streamEvents(await h.redis.xrange(clicksStreamKey(h.prefix), '-', '+')).filter(match);
    if (events.length > 0) return events;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no matching event on the stream');
}

describe('a bio page under a running experiment', () => {
  it('shows one visitor the same variant all day, without a cookie, and from the cached snapshot', async () => {
    const morning = new Date('2026-12-05T08:00:00Z');
    const night = new Date('2026-12-05T23:30:00Z');
    const early = h.app({ now: () => morning });
    const late = h.app({ now: () => night });
    await ready(early.edgeRedis);
    await ready(late.edgeRedis);
    for (let n = 1; n <= 20; n++) {
      const first = await visit(early.app, BIO_HOST, '/maya', visitor(n));
      expect(first.status).toBe(200);
      expect(first.headers.get('set-cookie')).toBeNull();
      expect(first.headers.get('cache-control')).toBe('private, no-store');
      const seen = variantOf(await first.text());
      for (const app of [early.app, late.app, early.app]) {
        const again = await visit(app, BIO_HOST, '/maya', visitor(n));
        expect(variantOf(await again.text())).toBe(seen);
      }
    }
    // After the first miss every visit was a cache hit: the pick is in memory, no query.
    const queries = early.lookup.queryCount;
    await visit(early.app, BIO_HOST, '/maya', visitor(999));
    expect(early.lookup.queryCount).toBe(queries);
  });

  it('splits many visitors by the variants’ weights', async () => {
    const { app, edgeRedis } = h.app();
    await ready(edgeRedis);
    const visitors = 3000;
    const counts = { control: 0, reorder: 0, relabel: 0 };
    for (let n = 0; n < visitors; n++) {
      const res = await visit(app, BIO_HOST, '/maya', visitor(10_000 + n));
      counts[variantOf(await res.text())] += 1;
    }
    for (const key of ['control', 'reorder', 'relabel'] as const) {
      const p = WEIGHTS[key] / 10_000;
      const sigma = Math.sqrt(visitors * p * (1 - p));
      expect(Math.abs(counts[key] - visitors * p)).toBeLessThan(4.5 * sigma);
    }
  });

  it('tags the page view and the click hop with the variant; a relabelled block hops to its variant URL', async () => {
    const { app, edgeRedis } = h.app();
    await ready(edgeRedis);
    let relabelled: ReturnType<typeof visitor> | null = null;
    for (let n = 50_000; relabelled === null; n++) {
      const page = await visit(app, BIO_HOST, '/maya', visitor(n));
      if (variantOf(await page.text()) === 'relabel') relabelled = visitor(n);
    }
    const views = await eventsFor(
      (e) => e.event_type === 'page_view' && e.resource_id === pageId && e.variant_id === variants.relabel,
    );
    expect(views.length).toBeGreaterThan(0);
    const hop = await visit(app, BIO_HOST, '/maya/l/lnk001', relabelled);
    expect(hop.status).toBe(302);
    expect(hop.headers.get('location')).toBe('https://shop.example/new');
    const clicks = await eventsFor(
      (e) => e.event_type === 'click' && e.block_id === 'lnk001' && e.variant_id === variants.relabel,
    );
    expect(clicks[0]).toMatchObject({ resource_type: 'bio_page', resource_id: pageId, workspace_id: ws });
  });
});
