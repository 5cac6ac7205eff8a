import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, LINK_HOST, type Harness } from '../testing/harness';
import { createPgLookup, pgLookupOptions, type PgLookup } from './pg-lookup';

/**
 * DATABASE_READ_URL (D-353): the miss path's reads go to the read pool; the slug filter's sources
 * and the health ping to the primary. The "replica" here is a second database that has the system
 * domains but not the primary's link, so which one answered is plain to see.
 */
let primary: Harness;
let replica: Harness;
let lookup: PgLookup;

beforeAll(async () => {
  [primary, replica] = await Promise.all([createHarness(), createHarness()]);
  const workspaceId = await primary.seed.workspace();
  await primary.seed.link(workspaceId, primary.domains.linkDomainId, 'docs', 'https://example.com/docs');
  lookup = createPgLookup(
    pgLookupOptions({
      primary: { url: primary.db.url, max: 2 },
      read: { url: replica.db.url, max: 2 },
      preparedStatements: 'unnamed',
      separateRead: true,
    }),
  );
}, 60_000);

afterAll(async () => {
  await lookup?.close();
  await Promise.all([primary?.close(), replica?.close()]);
});

describe('createPgLookup with a read replica', () => {
  it('answers the miss path from the read pool', async () => {
    expect(await lookup.findRedirect(LINK_HOST, 'docs')).toMatchObject({ found: 'nothing' });
  });

  it('reads what must be current (the slug filter sources) and the health ping from the primary', async () => {
    const addresses = await lookup.listAddresses(null, 1_000);
    expect(addresses).toContainEqual({ host: LINK_HOST, slug: 'docs' });
    const taken = await lookup.listTakenSlugs('links', null, 1_000);
    expect(taken.map((t) => t.slug)).toEqual(['docs']);
    await expect(lookup.ping()).resolves.toBeUndefined();
  });

  it('without a read URL, reads everything from the one pool', async () => {
    const single = createPgLookup(
      pgLookupOptions({
        primary: { url: primary.db.url, max: 2 },
        read: { url: primary.db.url, max: 2 },
        preparedStatements: 'named',
        separateRead: false,
      }),
    );
    try {
      expect(await single.findRedirect(LINK_HOST, 'docs')).toMatchObject({ found: 'resource' });
    } finally {
      await single.close();
    }
  });
});
