import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERIMENT_STATES, EXPERIMENT_STEP_NAMES, nextState } from '@linkhub/shared/experiments/lifecycle';
import type { ExperimentState, ExperimentStep } from '@linkhub/shared/experiments/lifecycle';
import { EXPERIMENT_STEP_MUTATORS } from '@linkhub/shared/mutators/experiments';
import {
  createSyncHarness,
  eventually,
  syncRound,
  type SyncClient,
  type SyncHarness,
} from '../../testing/sync-harness';

/**
 * The experiment lifecycle through the other door, a Replicache push: the same commands, so every
 * step from every state ends as the REST door's does; a refused step changes nothing and leaves
 * the notice the editor shows (with the code and details the REST door would answer).
 */
let h: SyncHarness;
let client: SyncClient;
let ws: string;

beforeAll(async () => {
  h = await createSyncHarness();
  const owner = await h.signUp('Pusher');
  ws = owner.workspaceId;
  await h.sql("UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1", [ws]);
  await h.sql('UPDATE users SET email_verified_at = now()');
  client = h.client(owner.token);
  await syncRound(client);
});
afterAll(async () => h.close());

const statusOf = async (id: string) =>
  (await h.sql<{ status: string }>('SELECT status FROM experiments WHERE id = $1', [id]))[0]?.status;

async function pushed(name: string, args: Record<string, unknown>): Promise<void> {
  const mutate = client.rep.mutate as unknown as Record<string, (a: unknown) => Promise<void>>;
  const run = mutate[name];
  if (!run) throw new Error(`no mutator ${name}`);
  await run(args);
  await syncRound(client);
}

async function create(): Promise<string> {
  const link = randomUUID();
  await pushed('createLink', {
    id: link,
    workspace_id: ws,
    destination_url: 'https://example.com/p',
    slug: `p-${link.slice(0, 8)}`,
  });
  const id = randomUUID();
  await pushed('createExperiment', {
    id,
    workspace_id: ws,
    resource_type: 'link',
    resource_id: link,
    name: 'Push test',
    variants: [
      { key: 'a', name: 'A', weight: 5000 },
      { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/pb' },
    ],
    variant_ids: [randomUUID(), randomUUID()],
  });
  await eventually(
    () => statusOf(id),
    (s) => s === 'draft',
  );
  return id;
}

const argsFor = (id: string, step: ExperimentStep): Record<string, unknown> =>
  step === 'update'
    ? { id, workspace_id: ws, name: 'Renamed' }
    : step === 'promote'
      ? { id, workspace_id: ws }
      : { id, workspace_id: ws };

const PATH_TO: Record<ExperimentState, ExperimentStep[]> = {
  draft: [],
  running: ['start'],
  paused: ['start', 'pause'],
  concluded: ['start', 'conclude'],
  promoted: ['start', 'conclude', 'promote'],
  archived: ['archive'],
};

async function takeStep(id: string, step: ExperimentStep) {
  let args = argsFor(id, step);
  if (step === 'promote') {
    const [b] = await h.sql<{ id: string }>(
      "SELECT id FROM experiment_variants WHERE experiment_id = $1 AND key = 'b'",
      [id],
    );
    args = { ...args, winner_variant_id: b?.id };
  }
  await pushed(EXPERIMENT_STEP_MUTATORS[step], args);
}

const noticesOf = (name: string, id: string) =>
  h.sql<{ code: string; details: Array<{ field: string; issue: string }> }>(
    'SELECT code, details FROM sync_notices WHERE mutation_name = $1 AND resource_id = $2',
    [name, id],
  );

describe('the lifecycle through push: every step from every state', () => {
  for (const state of EXPERIMENT_STATES)
    for (const step of EXPERIMENT_STEP_NAMES) {
      const to = nextState(step, state);
      it(`${step} from ${state} → ${to ?? 'refused with a notice'}`, async () => {
        const id = await create();
        for (const s of PATH_TO[state]) await takeStep(id, s);
        // Under load a push can land after its sync round: wait for the path's end state, not a timing.
        await eventually(
          () => statusOf(id),
          (s) => s === state,
        );
        await takeStep(id, step);
        if (to === null) {
          expect(await statusOf(id)).toBe(state);
          const [notice] = await eventually(
            () => noticesOf(EXPERIMENT_STEP_MUTATORS[step], id),
            (n) => n.length > 0,
          );
          expect(notice?.code).toBe('invalid_state_transition');
        } else {
          await eventually(
            () => statusOf(id),
            (s) => s === to,
          );
        }
      }, 60_000);
    }
});

describe('plan gate through push', () => {
  it('Free: createExperiment is refused with plan_feature_unavailable and stores nothing', async () => {
    const id = await create();
    await h.sql("UPDATE workspaces SET current_plan_key = 'free' WHERE id = $1", [ws]);
    try {
      const other = randomUUID();
      const [row] = await h.sql<{ resource_id: string }>(
        'SELECT resource_id FROM experiments WHERE id = $1',
        [id],
      );
      await pushed('createExperiment', {
        id: other,
        workspace_id: ws,
        resource_type: 'link',
        resource_id: row?.resource_id,
        name: 'On Free',
        variants: [
          { key: 'a', name: 'A', weight: 5000 },
          { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/x' },
        ],
        variant_ids: [randomUUID(), randomUUID()],
      });
      const [notice] = await eventually(
        () =>
          h.sql<{ code: string; details: unknown }>(
            "SELECT code, details FROM sync_notices WHERE mutation_name = 'createExperiment' ORDER BY created_at DESC LIMIT 1",
          ),
        (n) => n.length > 0,
      );
      expect(notice?.code).toBe('plan_feature_unavailable');
      expect(notice?.details).toEqual([
        { field: 'experiments_enabled', issue: 'feature_unavailable', plan: 'free' },
      ]);
      expect(await h.sql('SELECT 1 FROM experiments WHERE id = $1', [other])).toEqual([]);
    } finally {
      await h.sql("UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1", [ws]);
    }
  }, 60_000);
});

describe('any args through push', () => {
  it('never a server error, never a changed row on refusal (fast-check)', async () => {
    const id = await create();
    const before = await h.sql('SELECT status, name, arm_period FROM experiments WHERE id = $1', [id]);
    const mutate = client.rep.mutate as unknown as Record<string, (a: unknown) => Promise<void>>;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.values(EXPERIMENT_STEP_MUTATORS), 'createExperiment'),
        fc.oneof(
          fc.anything(),
          fc.record({ id: fc.constant(id), workspace_id: fc.constant(ws), extra: fc.anything() }),
          fc.record({ id: fc.constant(id), workspace_id: fc.uuid() }),
        ),
        async (name, args) => {
          await mutate[name]?.(args).catch(() => undefined);
        },
      ),
      { numRuns: 40 },
    );
    await syncRound(client);
    expect(h.serverErrors).toEqual([]);
    expect(await h.sql('SELECT status, name, arm_period FROM experiments WHERE id = $1', [id])).toEqual(
      before,
    );
  }, 120_000);
});

describe('promoting a bio page winner through push (D-320)', () => {
  it('conclude then promote: the winning order becomes the draft and, the page having no unpublished edits, the published page', async () => {
    const page = randomUUID();
    await pushed('createPage', {
      id: page,
      workspace_id: ws,
      handle: `push-${page.slice(0, 8)}`,
      title: 'Push',
    });
    const [blog, shop] = [randomUUID(), randomUUID()];
    await pushed('addBlock', {
      id: blog,
      page_id: page,
      workspace_id: ws,
      type: 'link',
      data: { title: 'Blog', url: 'https://example.com/blog' },
      position: 'a0',
    });
    await pushed('addBlock', {
      id: shop,
      page_id: page,
      workspace_id: ws,
      type: 'link',
      data: { title: 'Shop', url: 'https://example.com/shop' },
      position: 'a1',
    });
    await pushed('publishPage', { id: page, workspace_id: ws });
    const [a, b] = [randomUUID(), randomUUID()];
    const id = randomUUID();
    await pushed('createExperiment', {
      id,
      workspace_id: ws,
      resource_type: 'bio_page',
      resource_id: page,
      name: 'Shop first',
      variants: [
        { key: 'a', name: 'A', weight: 5000, is_control: true },
        { key: 'b', name: 'B', weight: 5000, page: { block_order: [shop] } },
      ],
      variant_ids: [a, b],
    });
    await pushed('startExperiment', { id, workspace_id: ws });
    await pushed('concludeExperiment', { id, workspace_id: ws, winner_variant_id: b });
    await pushed('promoteExperiment', { id, workspace_id: ws });
    await eventually(
      () => statusOf(id),
      (s) => s === 'promoted',
    );
    const draft = await h.sql<{ id: string }>(
      'SELECT id FROM bio_blocks WHERE page_id = $1 AND deleted_at IS NULL ORDER BY position, id',
      [page],
    );
    expect(draft.map((r) => r.id)).toEqual([shop, blog]);
    const live = await h.sql<{ ids: string[] }>(
      "SELECT array(SELECT b->>'id' FROM jsonb_array_elements(published_snapshot->'blocks') b) AS ids FROM bio_pages WHERE id = $1",
      [page],
    );
    expect(live[0]?.ids).toEqual([shop, blog]);
  });
});

describe('one A/B concept per link through push (D-515)', () => {
  it('a test on a link that splits leaves a split_active notice; with replace_split the split goes and the test is made', async () => {
    const link = randomUUID();
    await pushed('createLink', {
      id: link,
      workspace_id: ws,
      destination_url: 'https://example.com/main',
      slug: `s-${link.slice(0, 8)}`,
    });
    await pushed('updateLink', {
      id: link,
      workspace_id: ws,
      destinations: [
        { url: 'https://example.com/main', weight: 60 },
        { url: 'https://example.com/other', weight: 40 },
      ],
    });
    const splitOf = async () =>
      (await h.sql<{ destinations: unknown[] }>('SELECT destinations FROM links WHERE id = $1', [link]))[0]
        ?.destinations ?? [];
    await eventually(splitOf, (d) => d.length === 2);
    const args = (id: string) => ({
      id,
      workspace_id: ws,
      resource_type: 'link',
      resource_id: link,
      name: 'Over a split',
      variants: [
        { key: 'a', name: 'A', weight: 5000 },
        { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/b' },
      ],
      variant_ids: [randomUUID(), randomUUID()],
    });
    const refused = randomUUID();
    await pushed('createExperiment', args(refused));
    const [notice] = await eventually(
      () =>
        h.sql<{ code: string; details: Array<{ field: string; issue: string }> }>(
          "SELECT code, details FROM sync_notices WHERE mutation_name = 'createExperiment' AND code = 'split_active'",
        ),
      (n) => n.length > 0,
    );
    expect(notice?.details[0]).toMatchObject({ field: 'replace_split', issue: 'split_active' });
    expect(await h.sql('SELECT 1 FROM experiments WHERE id = $1', [refused])).toEqual([]);
    expect(await splitOf()).toHaveLength(2);

    const made = randomUUID();
    await pushed('createExperiment', { ...args(made), replace_split: true });
    await eventually(
      () => statusOf(made),
      (s) => s === 'draft',
    );
    expect(await splitOf()).toEqual([]);
  }, 60_000);
});
