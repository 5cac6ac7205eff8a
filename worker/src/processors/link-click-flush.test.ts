import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createDb } from '@linkhub/shared/server/db';
import { linkClicksKey } from '@linkhub/shared/cache/keys';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { flushLinkClicks } from './link-click-flush';

/** The edge's click-cap counters into PostgreSQL (D-616). */
let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
});
afterAll(async () => t.close());

describe('link-click-flush', () => {
  it('persists moved counters, never lowers one, and ends a link whose cap is used up', async () => {
    const db = createDb(t.database.url);
    const user = await insertUser(db.db, {});
    const { workspace } = await insertWorkspace(db.db, { ownerUserId: user.id });
    await db.close();
    const q = <R extends object>(text: string, values: unknown[] = []) => t.deps.pool.query<R>(text, values);
    const host = `flush-${workspace.id.slice(-8)}.test`;
    const [domain] = (
      await q<{ id: string }>(
        `INSERT INTO custom_domains (hostname, workspace_id, is_system, purpose, status, verification_method, verified_at)
         VALUES ($1, $2, false, 'links', 'verified', 'dns_txt', now()) RETURNING id`,
        [host, workspace.id],
      )
    ).rows;
    const link = async (slug: string, max: number | null, count = 0) =>
      (
        await q<{ id: string }>(
          `INSERT INTO links (workspace_id, domain_id, slug, destination_url, max_clicks, click_count)
           VALUES ($1, $2, $3, 'https://example.com/', $4, $5) RETURNING id`,
          [workspace.id, domain?.id, slug, max, count],
        )
      ).rows[0]?.id ?? '';
    const running = await link('running', 10);
    const usedUp = await link('used-up', 3);
    const behind = await link('behind', 10, 7);
    const uncapped = await link('uncapped', null);
    const prefix = t.deps.config.REDIS_PREFIX;
    await t.deps.redis.set(linkClicksKey(prefix, host, running), '4');
    await t.deps.redis.set(linkClicksKey(prefix, host, usedUp), '3');
    await t.deps.redis.set(linkClicksKey(prefix, host, behind), '5');
    await t.deps.redis.set(linkClicksKey(prefix, host, uncapped), '9');

    const result = await flushLinkClicks({ pool: t.deps.pool, redis: t.deps.redis, prefix });
    expect(result).toMatchObject({ flushed: 2, ended: 1 });

    const rows = await q<{ slug: string; click_count: string; ended: boolean }>(
      'SELECT slug, click_count, click_limit_reached_at IS NOT NULL AS ended FROM links WHERE workspace_id = $1 ORDER BY slug',
      [workspace.id],
    );
    expect(rows.rows).toEqual([
      { slug: 'behind', click_count: '7', ended: false },
      { slug: 'running', click_count: '4', ended: false },
      { slug: 'uncapped', click_count: '0', ended: false },
      { slug: 'used-up', click_count: '3', ended: true },
    ]);
    // An ended link is no longer read; a second run with nothing moved writes nothing.
    expect(await flushLinkClicks({ pool: t.deps.pool, redis: t.deps.redis, prefix })).toMatchObject({
      links: 2,
      flushed: 0,
    });
  });
});
