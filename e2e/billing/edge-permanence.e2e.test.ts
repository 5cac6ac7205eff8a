import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingStack, type BillingPhase, type BillingStack } from './billing-stack';

/**
 * The permanence rule (docs/product-rules.md#permanence): redirects, QR scans and published pages answer exactly
 * the same in every billing state — active, past due day 3, day 10 (writes blocked), downgraded and
 * canceled (over-cap items read-only) — from Redis and, with the keys gone, from PostgreSQL.
 */
const LINK_HOST = 'lnk.localhost';
const BIO_HOST = 'bio.localhost';

let s: BillingStack;
const qrSlugs: string[] = [];
const linkSlugs: string[] = [];
const handles: string[] = [];

type Created = { data: { id: string } };

beforeAll(async () => {
  s = await startBillingStack();
  await s.enter('active');
  // Beyond the Free caps (5 QR codes, 1 page), so cancellation makes some of each read-only.
  for (let i = 0; i < 7; i++) {
    const slug = `box-${i}`;
    const qr = await s.v1<Created>('POST', '/v1/qr-codes', {
      destination_url: `https://shop.example.com/box/${i}`,
      slug,
      title: `Box ${i}`,
    });
    expect(qr.status).toBe(201);
    qrSlugs.push(slug);
  }
  for (let i = 0; i < 2; i++) {
    const link = await s.v1('POST', '/v1/links', {
      destination_url: `https://shop.example.com/l/${i}`,
      slug: `sale-${i}`,
    });
    expect(link.status).toBe(201);
    linkSlugs.push(`sale-${i}`);
  }
  for (let i = 0; i < 3; i++) {
    const handle = `shop-${i}`;
    const page = await s.v1<Created>('POST', '/v1/pages', {
      handle,
      title: `Shop ${i}`,
      blocks: [{ type: 'link', title: 'Menu', url: 'https://shop.example.com/menu' }],
    });
    expect(page.status).toBe(201);
    expect((await s.v1('POST', `/v1/pages/${page.body.data.id}/publish`)).status).toBe(200);
    handles.push(handle);
  }
}, 180_000);

afterAll(async () => {
  await s?.close();
});

/** Everything a visitor can observe of one public address (the CSP nonce is per response). */
async function observe(host: string, path: string): Promise<Record<string, unknown>> {
  const res = await s.get(host, path);
  const body = await res.text();
  return {
    status: res.status,
    location: res.headers.get('location'),
    cache: res.headers.get('cache-control'),
    type: res.headers.get('content-type'),
    body: body.replace(/nonce-[A-Za-z0-9+/=_-]+/g, 'nonce-N').replace(/nonce="[^"]+"/g, 'nonce="N"'),
  };
}

async function everyAddress(flushFirst: boolean): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const slug of [...qrSlugs, ...linkSlugs]) {
    if (flushFirst) await s.flush(LINK_HOST, slug);
    out[`${LINK_HOST}/${slug}`] = await observe(LINK_HOST, `/${slug}`);
  }
  for (const handle of handles) {
    if (flushFirst) await s.redis.del(...(await s.redis.keys(`${s.prefix}page:*`)), `${s.prefix}none`);
    out[`${BIO_HOST}/${handle}`] = await observe(BIO_HOST, `/${handle}`);
  }
  return out;
}

describe('the edge never changes with billing state', () => {
  let baseline: Record<string, unknown>;

  it('baseline (active Business): QR codes and links 302, pages 200', async () => {
    baseline = await everyAddress(false);
    for (const slug of qrSlugs) expect(baseline[`${LINK_HOST}/${slug}`]).toMatchObject({ status: 302 });
    for (const h of handles) expect(baseline[`${BIO_HOST}/${h}`]).toMatchObject({ status: 200 });
    expect(await everyAddress(true)).toEqual(baseline);
  });

  const phases: BillingPhase[] = ['past_due_day_3', 'past_due_day_10', 'downgraded', 'canceled'];
  for (const phase of phases) {
    it(`${phase}: identical answers, from the cache and from PostgreSQL`, async () => {
      await s.enter(phase);
      const { rows } = await s.kit.deps.pool.query<{ billing_status: string; current_plan_key: string }>(
        'SELECT billing_status, current_plan_key FROM workspaces WHERE id = $1',
        [s.kit.owner.workspaceId],
      );
      const expected: Record<BillingPhase, [string, string]> = {
        active: ['active', 'business'],
        past_due_day_3: ['past_due', 'business'],
        past_due_day_10: ['past_due', 'business'],
        downgraded: ['active', 'pro'],
        canceled: ['canceled', 'free'],
      };
      expect([rows[0]?.billing_status, rows[0]?.current_plan_key]).toEqual(expected[phase]);
      expect(await everyAddress(false)).toEqual(baseline);
      expect(await everyAddress(true)).toEqual(baseline);
    });
  }

  it('after cancellation the over-cap items are read-only but still served, none deleted or unpublished', async () => {
    const { rows } = await s.kit.deps.pool.query<{ kind: string; locked: number; live: number }>(
      `SELECT 'qr' AS kind, count(*) FILTER (WHERE edit_locked_at IS NOT NULL)::int AS locked,
              count(*) FILTER (WHERE deleted_at IS NULL AND archived_at IS NULL)::int AS live
         FROM qr_codes WHERE workspace_id = $1
       UNION ALL
       SELECT 'page', count(*) FILTER (WHERE edit_locked_at IS NOT NULL)::int,
              count(*) FILTER (WHERE deleted_at IS NULL AND published_at IS NOT NULL)::int
         FROM bio_pages WHERE workspace_id = $1
       ORDER BY 1`,
      [s.kit.owner.workspaceId],
    );
    expect(rows).toEqual([
      { kind: 'page', locked: 2, live: 3 },
      { kind: 'qr', locked: 2, live: 7 },
    ]);
  });
});
