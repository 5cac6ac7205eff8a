import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainHostKey, redirectKey } from '@linkhub/shared/cache/keys';
import { parseRedirectPayload } from '@linkhub/shared/cache/payload';
import { createPgLookup } from '../lookup/pg-lookup';
import { createHarness, LINK_HOST, type Harness } from '../testing/harness';
import { rebuildRedirectCache } from './rebuild-cache';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('rebuildRedirectCache', () => {
  it('rewrites every QR code and live link, QR keys without TTL, across pages', async () => {
    const ws = await h.seed.workspace();
    for (let i = 0; i < 7; i++)
      await h.seed.link(ws, h.domains.linkDomainId, `l${i}`, `https://example.com/${i}`);
    await h.seed.link(ws, h.domains.linkDomainId, 'deleted', 'https://example.com/d', {
      deleted_at: new Date(),
    });
    await h.seed.qr(ws, h.domains.linkDomainId, 'code', 'https://example.com/qr', { status: 'paused' });
    const pg = createPgLookup({ connectionString: h.db.url });
    try {
      const report = await rebuildRedirectCache(pg, h.redis, h.prefix, 3);
      expect(report).toEqual({ written: 8, keptNewer: 0, hosts: 1 });
      expect(
        parseRedirectPayload((await h.redis.get(redirectKey(h.prefix, LINK_HOST, 'l6'))) ?? '')
          ?.destination_url,
      ).toBe('https://example.com/6');
      expect(await h.redis.ttl(redirectKey(h.prefix, LINK_HOST, 'code'))).toBe(-1);
      expect(await h.redis.exists(redirectKey(h.prefix, LINK_HOST, 'deleted'))).toBe(0);
      expect(await h.redis.exists(domainHostKey(h.prefix, LINK_HOST))).toBe(1);
      expect((await rebuildRedirectCache(pg, h.redis, h.prefix)).written).toBe(8);
    } finally {
      await pg.close();
    }
  });
});
