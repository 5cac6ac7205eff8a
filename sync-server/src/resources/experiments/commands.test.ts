import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { linkArgs, startCommandKit, type CommandKit } from '../../testing/command-kit';

/** The experiment commands, driven by mutator name: what visitors get follows the test's state. */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

const keyOf = (slug: string) => redirectKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.LINK_HOST, slug);

async function testedLink(slug: string): Promise<{ link: string; experiment: string }> {
  const link = linkArgs(ws, { slug, destination_url: 'https://example.com/a' });
  expect(await kit.push('createLink', link)).toBeNull();
  const experiment = randomUUID();
  expect(
    await kit.push('createExperiment', {
      id: experiment,
      workspace_id: ws,
      resource_type: 'link',
      resource_id: link.id,
      name: `Test of ${slug}`,
      variants: [
        { key: 'a', name: 'A', weight: 5000 },
        { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/b' },
      ],
      variant_ids: [randomUUID(), randomUUID()],
    }),
  ).toBeNull();
  return { link: String(link.id), experiment };
}
async function status(id: string): Promise<string | undefined> {
  return (await kit.sql<{ status: string }>('SELECT status FROM experiments WHERE id = $1', [id]))[0]?.status;
}

describe('experiment lifecycle commands', () => {
  it('visitors meet the variants only while the test runs', async () => {
    const { experiment } = await testedLink('tested');
    const ref = { id: experiment, workspace_id: ws };
    expect(await kit.deps.redis.get(keyOf('tested'))).not.toContain('https://example.com/b');
    expect(await kit.push('startExperiment', ref)).toBeNull();
    expect(await kit.deps.redis.get(keyOf('tested'))).toContain('https://example.com/b');
    expect(await kit.push('pauseExperiment', ref)).toBeNull();
    expect(await kit.deps.redis.get(keyOf('tested'))).not.toContain('https://example.com/b');
    expect(await kit.push('startExperiment', ref)).toBeNull();
    const actions = await kit.sql<{ action: string }>(
      'SELECT action FROM audit_log_entries WHERE resource_id = $1 ORDER BY id',
      [experiment],
    );
    expect(actions.map((a) => a.action)).toContain('experiment.resumed');
  });

  it('a winner that is no variant of this test is refused; the test keeps running', async () => {
    const { experiment } = await testedLink('wrong-winner');
    await kit.push('startExperiment', { id: experiment, workspace_id: ws });
    const code = await kit.push('concludeExperiment', {
      id: experiment,
      workspace_id: ws,
      winner_variant_id: randomUUID(),
    });
    expect(code).toBe('validation_failed');
    expect(await status(experiment)).toBe('running');
  });

  it('conclude stops the variants and names the chosen winner', async () => {
    const { experiment } = await testedLink('concluded');
    await kit.push('startExperiment', { id: experiment, workspace_id: ws });
    const [b] = await kit.sql<{ id: string }>(
      "SELECT id FROM experiment_variants WHERE experiment_id = $1 AND key = 'b'",
      [experiment],
    );
    expect(
      await kit.push('concludeExperiment', { id: experiment, workspace_id: ws, winner_variant_id: b?.id }),
    ).toBeNull();
    const [row] = await kit.sql<{ status: string; winner_variant_id: string }>(
      'SELECT status, winner_variant_id FROM experiments WHERE id = $1',
      [experiment],
    );
    expect(row).toEqual({ status: 'concluded', winner_variant_id: b?.id });
    expect(await kit.deps.redis.get(keyOf('concluded'))).not.toContain('https://example.com/b');
  });

  it('a step the lifecycle does not allow is refused (pause a draft), and archive ends any test', async () => {
    const { experiment } = await testedLink('archived');
    expect(await kit.push('pauseExperiment', { id: experiment, workspace_id: ws })).toBe(
      'invalid_state_transition',
    );
    expect(await status(experiment)).toBe('draft');
    expect(await kit.push('archiveExperiment', { id: experiment, workspace_id: ws })).toBeNull();
    expect(await status(experiment)).toBe('archived');
  });

  it('a second test of the same link may be drafted but not started while one runs', async () => {
    const { link, experiment } = await testedLink('one-at-a-time');
    await kit.push('startExperiment', { id: experiment, workspace_id: ws });
    const second = randomUUID();
    const code = await kit.push('createExperiment', {
      id: second,
      workspace_id: ws,
      resource_type: 'link',
      resource_id: link,
      name: 'Second',
      variants: [
        { key: 'a', name: 'A', weight: 5000 },
        { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/c' },
      ],
      variant_ids: [randomUUID(), randomUUID()],
    });
    expect(code).toBeNull();
    expect(await kit.push('startExperiment', { id: second, workspace_id: ws })).toBe('conflict');
    expect(await status(experiment)).toBe('running');
  });
});
