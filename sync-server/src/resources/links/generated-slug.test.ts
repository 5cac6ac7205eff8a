import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomSlug } from '@linkhub/shared/mutators/args';
import { startV1Kit, ALL_SCOPES, type Envelope, type V1Kit } from '../../testing/v1-kit';

/** The slugs creates generate: the scripted ones first, then random ones. */
const scripted: string[] = [];
const generateSlug = (): string => scripted.shift() ?? randomSlug();

let kit: V1Kit;
let key: string;

beforeAll(async () => {
  kit = await startV1Kit({ generateSlug });
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
});

const create = async (path: string, body: Record<string, unknown>): Promise<Response> =>
  kit.api('POST', path, { key, body });
const slugOf = async (res: Response): Promise<string> =>
  ((await res.json()) as Envelope<{ slug: string }>).data.slug;

describe('a generated slug that is taken', () => {
  it('is replaced by another inside the create (QR code and link), never answered with a 409', async () => {
    expect(
      (await create('/v1/links', { destination_url: 'https://example.com/l', slug: 'heldbyl' })).status,
    ).toBe(201);
    expect(
      (await create('/v1/qr-codes', { destination_url: 'https://example.com/q', slug: 'heldbyq' })).status,
    ).toBe(201);

    scripted.push('heldbyl', 'heldbyq', 'freeqr1');
    const qr = await create('/v1/qr-codes', { destination_url: 'https://example.com/menu' });
    expect(qr.status).toBe(201);
    expect(await slugOf(qr)).toBe('freeqr1');

    scripted.push('heldbyl', 'heldbyq', 'freeqr1', 'freeln1');
    const link = await create('/v1/links', { destination_url: 'https://example.com/sale' });
    expect(link.status).toBe(201);
    expect(await slugOf(link)).toBe('freeln1');
  });

  it('lost to a create racing for it: the QR code takes the next one once the other commits', async () => {
    const domain = await kit.deps.pool.query<{ id: string }>(
      'SELECT id FROM custom_domains WHERE is_system AND hostname = $1',
      [kit.deps.config.LINK_HOST],
    );
    const rival = await kit.deps.pool.connect();
    try {
      await rival.query('BEGIN');
      // The rival's insert takes the host-slug lock (its trigger) and holds it until COMMIT.
      await rival.query(
        `INSERT INTO links (id, workspace_id, domain_id, slug, destination_url, created_by_user_id, updated_by_user_id)
         VALUES (gen_random_uuid(), $1, $2, 'racing1', 'https://example.com/rival', $3, $3)`,
        [kit.owner.workspaceId, domain.rows[0]?.id, kit.owner.userId],
      );
      scripted.push('racing1', 'wonrace');
      const pending = create('/v1/qr-codes', { destination_url: 'https://example.com/racer' });
      await new Promise((r) => setTimeout(r, 300));
      await rival.query('COMMIT');
      const qr = await pending;
      expect(qr.status).toBe(201);
      expect(await slugOf(qr)).toBe('wonrace');
    } finally {
      rival.release();
    }
  });
});
