import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageKey } from '@linkhub/shared/cache/keys';
import { startStack, type Stack } from './stack';

/** `page:{bio host}:{handle}` follows publish, republish and archive made through the command layer. */
type Created = { data: { id: string } };
const BIO_HOST = 'bio.localhost';

let s: Stack;
beforeAll(async () => {
  s = await startStack();
});
afterAll(async () => {
  await s.stop();
});

describe('bio page snapshots at the edge', () => {
  it('are written on publish and served from Redis, rewritten on republish, purged on archive', async () => {
    const page = await s.v1<Created>('POST', '/v1/pages', {
      handle: 'maya',
      title: 'Maya Prints',
      blocks: [{ type: 'link', title: 'Store', url: 'https://shop.example.com/' }],
    });
    expect(page.status).toBe(201);
    expect((await s.get(BIO_HOST, '/maya')).status).toBe(404);

    expect((await s.v1('POST', `/v1/pages/${page.body.data.id}/publish`)).status).toBe(200);
    expect(await s.redis.exists(pageKey(s.prefix, BIO_HOST, 'maya'))).toBe(1);
    const before = s.edge.lookup.queryCount;
    const first = await s.get(BIO_HOST, '/maya');
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Maya Prints');

    // The draft changes the public page only once it is published again.
    expect(
      (await s.v1('PATCH', `/v1/pages/${page.body.data.id}`, { title: 'Maya Summer Prints' })).status,
    ).toBe(200);
    expect(await (await s.get(BIO_HOST, '/maya')).text()).not.toContain('Maya Summer Prints');
    expect((await s.v1('POST', `/v1/pages/${page.body.data.id}/publish`)).status).toBe(200);
    expect(await (await s.get(BIO_HOST, '/maya')).text()).toContain('Maya Summer Prints');
    expect(s.edge.lookup.queryCount).toBe(before);

    expect((await s.v1('DELETE', `/v1/pages/${page.body.data.id}`)).status).toBe(200);
    expect(await s.redis.exists(pageKey(s.prefix, BIO_HOST, 'maya'))).toBe(0);
    expect((await s.get(BIO_HOST, '/maya')).status).toBe(404);
  });
});
