import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- test-only: the per-file Redis key prefix (no database is touched)
import { testRedisPrefix } from '@linkhub/shared/server/db/testing';
import { REDIS_URL } from '../testing/harness';
import { createHotCache, type HotCache } from './hot-cache';

const prefix = testRedisPrefix();
const writer = new Redis(REDIS_URL);
const opened: HotCache[] = [];
const key = (name: string) => `${prefix}rd:{lnk.localhost}:${name}`;

async function open(): Promise<HotCache> {
  const hot = createHotCache({ url: REDIS_URL, prefix });
  opened.push(hot);
  await hot.whenActive();
  return hot;
}

/** What readRedirectCache does on a local miss: register the read, read Redis, hand the values back. */
async function readThrough(hot: HotCache, keys: string[]): Promise<Array<string | null>> {
  const remember = hot.beginRead(keys);
  const values = await writer.mget(keys);
  remember(values);
  return values;
}

/** What readRedirectCache does first: let the invalidations already received land, then look. */
async function lookup(hot: HotCache, keys: string[]): Promise<Array<string | null> | undefined> {
  await hot.settled();
  return hot.get(keys);
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition never held');
}

let hot: HotCache;
beforeAll(async () => {
  hot = await open();
});
afterAll(async () => {
  for (const cache of opened) cache.close();
  const keys = await writer.keys(`${prefix}*`);
  if (keys.length > 0) await writer.del(...keys);
  writer.disconnect();
});

describe('hot cache (Redis client-side caching, broadcast mode)', () => {
  it('answers a key it has read, including a known-absent one, without asking Redis again', async () => {
    await writer.set(key('held'), 'v1');
    expect(await lookup(hot, [key('held'), key('absent')])).toBeUndefined();
    await readThrough(hot, [key('held'), key('absent')]);
    expect(await lookup(hot, [key('held'), key('absent')])).toEqual(['v1', null]);
  });

  it('drops a key as soon as anyone writes it: the lookup right after the writer has its OK misses', async () => {
    for (let i = 0; i < 200; i++) {
      await writer.set(key('rewritten'), `v${i}`);
      await lookup(hot, [key('rewritten')]);
      // the invalidation of the write just made may land while the read is in flight (a loaded
      // machine): then the value is rightly not stored, and the next read stores it
      await until(async () => {
        await readThrough(hot, [key('rewritten')]);
        const held = await lookup(hot, [key('rewritten')]);
        if (held !== undefined) expect(held).toEqual([`v${i}`]);
        return held !== undefined;
      });
      await writer.set(key('rewritten'), `v${i + 1}`);
      expect(await lookup(hot, [key('rewritten')])).toBeUndefined();
    }
  });

  it('drops a known-absent key when it is created, and a held key when it is deleted or expires', async () => {
    await readThrough(hot, [key('created'), key('deleted'), key('expiring')]);
    await writer.set(key('deleted'), 'x');
    await writer.set(key('expiring'), 'x', 'PX', 30);
    expect(await lookup(hot, [key('created')])).toEqual([null]);
    await writer.set(key('created'), 'now here');
    expect(await lookup(hot, [key('created')])).toBeUndefined();

    await readThrough(hot, [key('deleted'), key('expiring')]);
    await writer.del(key('deleted'));
    expect(await lookup(hot, [key('deleted')])).toBeUndefined();
    await until(
      async () =>
        (await writer.exists(key('expiring'))) === 0 && (await lookup(hot, [key('expiring')])) === undefined,
    );
  });

  it('tracks the domain routes too, and ignores keys outside the tracked families', async () => {
    const domain = `${prefix}dom:host:{go.acme.test}`;
    const page = `${prefix}page:{bio.localhost}:maya`;
    await readThrough(hot, [domain, page]);
    expect(await lookup(hot, [domain])).toEqual([null]);
    await writer.set(domain, '{"purpose":"links"}');
    expect(await lookup(hot, [domain])).toBeUndefined();
    // Untracked keys would never be invalidated, so the edge only ever reads redirect keys through it.
    await writer.set(page, 'x');
    expect(await lookup(hot, [page])).toEqual([null]);
  });

  it('never stores a value whose key was written while the read was in flight', async () => {
    await writer.set(key('racing'), 'old');
    const remember = hot.beginRead([key('racing')]);
    const stale = await writer.mget(key('racing'));
    await writer.set(key('racing'), 'new');
    remember(stale);
    expect(await lookup(hot, [key('racing')])).toBeUndefined();
  });

  it('empties itself and stops answering when its connection drops, then resumes once tracking is back', async () => {
    const own = await open();
    await writer.set(key('across-reconnect'), 'before');
    await readThrough(own, [key('across-reconnect')]);
    expect(await lookup(own, [key('across-reconnect')])).toEqual(['before']);

    const id = own.trackingClientId;
    expect(id).not.toBeNull();
    await writer.call('CLIENT', 'KILL', 'ID', String(id));
    await until(() => !own.active);
    expect(own.size).toBe(0);
    expect(await lookup(own, [key('across-reconnect')])).toBeUndefined();
    await writer.set(key('across-reconnect'), 'after');

    await own.whenActive();
    await readThrough(own, [key('across-reconnect')]);
    expect(await lookup(own, [key('across-reconnect')])).toEqual(['after']);
    await writer.set(key('across-reconnect'), 'later');
    expect(await lookup(own, [key('across-reconnect')])).toBeUndefined();
  });
});
