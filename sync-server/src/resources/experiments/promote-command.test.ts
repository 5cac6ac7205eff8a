import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { linkArgs, startCommandKit, type CommandKit } from '../../testing/command-kit';

/** promoteExperiment: a concluded test's winner becomes the plain configuration of what it tested. */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
  await kit.sql(
    "INSERT INTO webhook_endpoints (workspace_id, url, events, secret_ciphertext) VALUES ($1, 'https://hooks.example.com/in', '{link.updated,qr_code.updated}', 's')",
    [ws],
  );
});
afterAll(async () => kit.close());

const keyOf = (slug: string) => redirectKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.LINK_HOST, slug);

async function concludedTest(
  resource: { type: 'link' | 'qr_code'; id: string },
  conclude = true,
): Promise<{ experiment: string; winner: string }> {
  const experiment = randomUUID();
  expect(
    await kit.push('createExperiment', {
      id: experiment,
      workspace_id: ws,
      resource_type: resource.type,
      resource_id: resource.id,
      name: 'Which page sells',
      variants: [
        { key: 'a', name: 'A', weight: 5000 },
        { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/winner' },
      ],
      variant_ids: [randomUUID(), randomUUID()],
    }),
  ).toBeNull();
  expect(await kit.push('startExperiment', { id: experiment, workspace_id: ws })).toBeNull();
  if (conclude) expect(await kit.push('concludeExperiment', { id: experiment, workspace_id: ws })).toBeNull();
  const [b] = await kit.sql<{ id: string }>(
    "SELECT id FROM experiment_variants WHERE experiment_id = $1 AND key = 'b'",
    [experiment],
  );
  return { experiment, winner: b?.id ?? '' };
}

describe('promoteExperiment', () => {
  it('a link takes the winner’s destination: a version, an audit entry naming the test, its key and a webhook event', async () => {
    const link = linkArgs(ws, { slug: 'promoted-link' });
    await kit.push('createLink', link);
    const { experiment, winner } = await concludedTest({ type: 'link', id: String(link.id) });
    expect(
      await kit.push('promoteExperiment', { id: experiment, workspace_id: ws, winner_variant_id: winner }),
    ).toBeNull();
    const [row] = await kit.sql<{ destination_url: string }>(
      'SELECT destination_url FROM links WHERE id = $1',
      [link.id],
    );
    expect(row?.destination_url).toBe('https://example.com/winner');
    const [audit] = await kit.sql<{ changes: unknown }>(
      "SELECT changes FROM audit_log_entries WHERE resource_id = $1 AND action = 'link.destination_changed'",
      [link.id],
    );
    expect(audit?.changes).toMatchObject({
      after: { destination_url: 'https://example.com/winner', experiment_id: experiment },
    });
    expect(await kit.deps.redis.get(keyOf('promoted-link'))).toContain('https://example.com/winner');
    expect(await kit.sql("SELECT 1 FROM webhook_deliveries WHERE event_type = 'link.updated'")).toHaveLength(
      1,
    );
    const [state] = await kit.sql<{ status: string; winner_variant_id: string }>(
      'SELECT status, winner_variant_id FROM experiments WHERE id = $1',
      [experiment],
    );
    expect(state).toEqual({ status: 'promoted', winner_variant_id: winner });
  });

  it('a QR code’s promoted destination becomes its last good destination', async () => {
    const qr = randomUUID();
    await kit.push('createQrCode', {
      id: qr,
      workspace_id: ws,
      destination_url: 'https://example.com/a',
      slug: 'promoted-qr',
    });
    const { experiment, winner } = await concludedTest({ type: 'qr_code', id: qr });
    expect(
      await kit.push('promoteExperiment', { id: experiment, workspace_id: ws, winner_variant_id: winner }),
    ).toBeNull();
    const [row] = await kit.sql<{ destination_url: string; last_good_destination: string }>(
      'SELECT destination_url, last_good_destination FROM qr_codes WHERE id = $1',
      [qr],
    );
    expect(row).toEqual({
      destination_url: 'https://example.com/winner',
      last_good_destination: 'https://example.com/winner',
    });
  });

  it('without a winner, chosen or concluded, it asks for one and changes nothing', async () => {
    const link = linkArgs(ws);
    await kit.push('createLink', link);
    const { experiment } = await concludedTest({ type: 'link', id: String(link.id) });
    const [state] = await kit.sql<{ winner_variant_id: string | null }>(
      'SELECT winner_variant_id FROM experiments WHERE id = $1',
      [experiment],
    );
    // No clicks, no analysed winner: the conclusion named none.
    expect(state?.winner_variant_id).toBeNull();
    expect(await kit.push('promoteExperiment', { id: experiment, workspace_id: ws })).toBe(
      'validation_failed',
    );
    expect((await kit.notices()).at(-1)?.details).toEqual([
      expect.objectContaining({ field: 'winner_variant_id', issue: 'required' }),
    ]);
    const [row] = await kit.sql<{ destination_url: string }>(
      'SELECT destination_url FROM links WHERE id = $1',
      [link.id],
    );
    expect(row?.destination_url).toBe('https://example.com/a');
  });

  it('a running test cannot be promoted', async () => {
    const link = linkArgs(ws);
    await kit.push('createLink', link);
    const { experiment, winner } = await concludedTest({ type: 'link', id: String(link.id) }, false);
    expect(
      await kit.push('promoteExperiment', { id: experiment, workspace_id: ws, winner_variant_id: winner }),
    ).toBe('invalid_state_transition');
    const [row] = await kit.sql<{ destination_url: string }>(
      'SELECT destination_url FROM links WHERE id = $1',
      [link.id],
    );
    expect(row?.destination_url).toBe('https://example.com/a');
  });
});
