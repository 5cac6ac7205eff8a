import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERIMENT_STATES, EXPERIMENT_STEP_NAMES, nextState } from '@linkhub/shared/experiments/lifecycle';
import type { ExperimentState, ExperimentStep } from '@linkhub/shared/experiments/lifecycle';
import type { ExperimentView } from '@linkhub/shared/experiments/schemas';
import { mintClickId } from '@linkhub/shared/server/experiments/click-id';
import { devClickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { parseRedirectPayload } from '@linkhub/shared/cache/payload';
import { setPlan } from '../../testing/accounts-kit';
import { startV1Kit, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

let kit: V1Kit;
let key: string;
const SCOPES = ['links:read', 'links:write', 'qr:write', 'experiments:read', 'experiments:write'];

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(SCOPES);
});
afterAll(async () => kit.stop());

async function newLink(k = key): Promise<string> {
  const res = await kit.api('POST', '/v1/links', {
    key: k,
    body: { destination_url: 'https://example.com/a' },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as Envelope<{ id: string }>).data.id;
}

const body = (resourceId: string, extra: Record<string, unknown> = {}) => ({
  resource_type: 'link',
  resource_id: resourceId,
  name: 'Landing test',
  variants: [
    { key: 'a', name: 'A', weight: 5000, is_control: true },
    { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/b' },
  ],
  ...extra,
});

async function create(k = key): Promise<ExperimentView> {
  const res = await kit.api('POST', '/v1/experiments', { key: k, body: body(await newLink(k)) });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as Envelope<ExperimentView>).data;
}

const stepBody: Record<ExperimentStep, unknown> = {
  update: { name: 'Renamed' },
  start: {},
  pause: {},
  conclude: {},
  promote: { winner_variant_key: 'b' },
  archive: {},
};

function takeStep(id: string, step: ExperimentStep, k = key) {
  return step === 'update'
    ? kit.api('PATCH', `/v1/experiments/${id}`, { key: k, body: stepBody.update })
    : kit.api('POST', `/v1/experiments/${id}/${step}`, { key: k, body: stepBody[step] });
}

/** The shortest way into each state through the REST door. */
const PATH_TO: Record<ExperimentState, ExperimentStep[]> = {
  draft: [],
  running: ['start'],
  paused: ['start', 'pause'],
  concluded: ['start', 'conclude'],
  promoted: ['start', 'conclude', 'promote'],
  archived: ['archive'],
};

async function experimentIn(state: ExperimentState): Promise<ExperimentView> {
  const e = await create();
  for (const step of PATH_TO[state]) expect((await takeStep(e.id, step)).status, step).toBe(200);
  return e;
}

const rowOf = async (id: string) =>
  (
    await kit.deps.pool.query<{ status: string; updated_at: Date; arm_period: number }>(
      'SELECT status, updated_at, arm_period FROM experiments WHERE id = $1',
      [id],
    )
  ).rows[0];

describe('the lifecycle through REST: every step from every state', () => {
  for (const state of EXPERIMENT_STATES)
    for (const step of EXPERIMENT_STEP_NAMES) {
      // Promote in one click: at the REST door a running or paused test is concluded first.
      const to =
        step === 'promote' && nextState('conclude', state) !== null ? 'promoted' : nextState(step, state);
      it(`${step} from ${state} → ${to ?? '409 invalid_state_transition'}`, async () => {
        const e = await experimentIn(state);
        const before = await rowOf(e.id);
        const res = await takeStep(e.id, step);
        if (to === null) {
          expect(res.status).toBe(409);
          const error = ((await res.json()) as ErrorBody).error;
          expect(error.code).toBe('invalid_state_transition');
          expect(error.details[0]).toMatchObject({ field: 'state', issue: 'invalid_state' });
          expect(await rowOf(e.id)).toEqual(before);
        } else {
          expect(res.status, await res.clone().text()).toBe(200);
          const view = ((await res.json()) as Envelope<ExperimentView>).data;
          expect(view.status).toBe(to);
          expect((await rowOf(e.id))?.status).toBe(to);
        }
      });
    }
});

describe('plan gate and matrix at the REST door', () => {
  it('Free: an Editor creating an experiment gets the upgrade refusal, and nothing is stored', async () => {
    const free = await kit.signUp('free-exp@example.com');
    const editor = await kit.signUp('free-editor@example.com');
    await kit.deps.pool.query(
      "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'editor')",
      [free.workspaceId, editor.userId],
    );
    const link = await kit.call('POST', '/v1/links/bulk', {
      token: free.token,
      body: { workspace_id: free.workspaceId, links: [{ destination_url: 'https://example.com/free' }] },
    });
    const linkId = ((await link.json()) as { data: Array<{ link: { id: string } }> }).data[0]?.link.id ?? '';
    expect(linkId).not.toBe('');
    const before = await kit.count('experiments');
    const res = await kit.call('POST', '/v1/experiments', {
      token: editor.token,
      body: { workspace_id: free.workspaceId, ...body(linkId) },
    });
    expect(res.status).toBe(403);
    const error = ((await res.json()) as ErrorBody).error;
    expect(error.code).toBe('plan_feature_unavailable');
    expect(error.details).toEqual([
      { field: 'experiments_enabled', issue: 'feature_unavailable', plan: 'free' },
    ]);
    expect(await kit.count('experiments')).toBe(before);
  });

  it('a downgrade to Free stops starting (C1) but still lets a running test be paused and concluded', async () => {
    const e = await experimentIn('running');
    await setPlan(kit, kit.owner.workspaceId, 'free');
    try {
      expect((await takeStep(e.id, 'pause')).status).toBe(200);
      const restart = await takeStep(e.id, 'start');
      expect(restart.status).toBe(403);
      expect(((await restart.json()) as ErrorBody).error.code).toBe('plan_feature_unavailable');
      expect((await takeStep(e.id, 'conclude')).status).toBe(200);
    } finally {
      await setPlan(kit, kit.owner.workspaceId, 'business');
    }
  });

  it('a Viewer reads but cannot act (insufficient_role); a read-only key cannot write (insufficient_scope)', async () => {
    const e = await create();
    const viewer = await kit.signUp('exp-viewer@example.com');
    await kit.deps.pool.query(
      "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')",
      [kit.owner.workspaceId, viewer.userId],
    );
    const ws = kit.owner.workspaceId;
    const read = await kit.call('GET', `/v1/experiments/${e.id}?workspace_id=${ws}`, { token: viewer.token });
    expect(read.status).toBe(200);
    const start = await kit.call('POST', `/v1/experiments/${e.id}/start`, {
      token: viewer.token,
      body: { workspace_id: ws },
    });
    expect(start.status).toBe(403);
    expect(((await start.json()) as ErrorBody).error.code).toBe('insufficient_role');
    const readOnly = await kit.key(['experiments:read']);
    const refused = await takeStep(e.id, 'start', readOnly);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('insufficient_scope');
    expect((await rowOf(e.id))?.status).toBe('draft');
  });

  it('another workspace sees a 404 exactly like a missing experiment', async () => {
    const e = await create();
    const otherKey = await kit.key(SCOPES, 'other');
    const theirs = await kit.api('GET', `/v1/experiments/${e.id}`, { key: otherKey });
    const missing = await kit.api('GET', '/v1/experiments/0190f1f0-0000-7000-8000-00000000dead', {
      key: otherKey,
    });
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    const strip = (b: ErrorBody) => ({ ...b.error, request_id: '' });
    expect(strip((await theirs.json()) as ErrorBody)).toEqual(strip((await missing.json()) as ErrorBody));
    expect((await takeStep(e.id, 'start', otherKey)).status).toBe(404);
  });
});

describe('what the steps do', () => {
  it('one running experiment per resource: starting a second answers 409 and leaves it a draft', async () => {
    const link = await newLink();
    const first = await kit.api('POST', '/v1/experiments', { key, body: body(link) });
    const second = await kit.api('POST', '/v1/experiments', { key, body: body(link, { name: 'Second' }) });
    const [a, b] = [
      ((await first.json()) as Envelope<ExperimentView>).data,
      ((await second.json()) as Envelope<ExperimentView>).data,
    ];
    expect((await takeStep(a.id, 'start')).status).toBe(200);
    const clash = await takeStep(b.id, 'start');
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as ErrorBody).error.details[0]).toMatchObject({
      field: 'resource_id',
      issue: 'experiment_already_active',
    });
    expect((await rowOf(b.id))?.status).toBe('draft');
  });

  it('changing variants or weights of a running test starts a new arm period; the plan stays fixed', async () => {
    const e = await experimentIn('running');
    const res = await kit.api('PATCH', `/v1/experiments/${e.id}`, {
      key,
      body: {
        variants: [
          { key: 'a', name: 'A', weight: 3000, is_control: true },
          { key: 'b', name: 'B', weight: 7000, destination_url: 'https://example.com/b2' },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const view = ((await res.json()) as Envelope<ExperimentView>).data;
    expect(view.arm_period).toBe(2);
    expect(view.variants.map((v) => v.weight)).toEqual([3000, 7000]);
    const plan = await kit.api('PATCH', `/v1/experiments/${e.id}`, { key, body: { minimum_effect: 0.05 } });
    expect(plan.status).toBe(409);
    expect(((await plan.json()) as ErrorBody).error.details[0]).toMatchObject({ issue: 'fixed_after_start' });
    // A rename is not a new arm.
    expect((await takeStep(e.id, 'update')).status).toBe(200);
    expect((await rowOf(e.id))?.arm_period).toBe(2);
  });

  it('promote in one click: the winner becomes the link’s destination, versioned, audited and told to webhooks', async () => {
    const hooksKey = await kit.key(['webhooks:write']);
    const hook = await kit.api('POST', '/v1/webhooks', {
      key: hooksKey,
      body: { kind: 'webhook', url: 'https://hooks.example.com/links', events: ['link.updated'] },
    });
    expect(hook.status, await hook.clone().text()).toBe(201);
    const endpointId = ((await hook.json()) as Envelope<{ id: string }>).data.id;
    const e = await experimentIn('running');
    const res = await kit.api('POST', `/v1/experiments/${e.id}/promote`, {
      key,
      body: { winner_variant_key: 'b' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const view = ((await res.json()) as Envelope<ExperimentView>).data;
    expect(view.status).toBe('promoted');
    const b = view.variants.find((v) => v.key === 'b');
    expect(view.winner_variant_id).toBe(b?.id);
    const link = await kit.api('GET', `/v1/links/${e.resource_id}`, { key });
    expect(((await link.json()) as Envelope<{ destination_url: string }>).data.destination_url).toBe(
      'https://example.com/b',
    );
    const versions = await kit.deps.pool.query<{ change_summary: string }>(
      'SELECT change_summary FROM link_versions WHERE link_id = $1 ORDER BY version DESC LIMIT 1',
      [e.resource_id],
    );
    expect(versions.rows[0]?.change_summary).toBe('promoted B');
    const audit = await kit.deps.pool.query<{ action: string }>(
      'SELECT action FROM audit_log_entries WHERE resource_id = ANY($1::uuid[]) ORDER BY created_at',
      [[e.id, e.resource_id]],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'experiment.created',
        'experiment.started',
        'experiment.concluded',
        'link.destination_changed',
        'experiment.promoted',
      ]),
    );
    const told = await kit.deps.pool.query<{ event_type: string; destination: string }>(
      "SELECT event_type, payload #>> '{data,destination_url}' AS destination FROM webhook_deliveries WHERE endpoint_id = $1",
      [endpointId],
    );
    expect(told.rows).toEqual([{ event_type: 'link.updated', destination: 'https://example.com/b' }]);
  });

  it('a bio page test needs a bio page (a link id is not found); a destination is checked for safety', async () => {
    const page = await kit.api('POST', '/v1/experiments', {
      key,
      body: { ...body(await newLink()), resource_type: 'bio_page' },
    });
    expect(page.status).toBe(404);
    const unsafe = await kit.api('POST', '/v1/experiments', {
      key,
      body: body(await newLink(), {
        variants: [
          { key: 'a', name: 'A', weight: 5000 },
          { key: 'b', name: 'B', weight: 5000, destination_url: 'https://intranet.example.com/x' },
        ],
      }),
    });
    expect(unsafe.status).toBe(422);
    const refusal = ((await unsafe.json()) as ErrorBody).error;
    expect(refusal.code).toBe('destination_unsafe');
    // Named by the variant it belongs to, so a form shows it beside B's address.
    expect(refusal.details).toEqual([
      expect.objectContaining({ field: 'variants.1.destination_url', reason: 'private_address' }),
    ]);
  });

  it('weights must add up to 100 %, keys be distinct, and unknown keys are refused at every depth', async () => {
    const link = await newLink();
    const cases: unknown[] = [
      body(link, {
        variants: [
          { key: 'a', name: 'A', weight: 5000 },
          { key: 'b', name: 'B', weight: 4000 },
        ],
      }),
      body(link, {
        variants: [
          { key: 'a', name: 'A', weight: 5000 },
          { key: 'a', name: 'B', weight: 5000 },
        ],
      }),
      body(link, { surprise: true }),
      body(link, {
        variants: [
          { key: 'a', name: 'A', weight: 5000, x: 1 },
          { key: 'b', name: 'B', weight: 5000 },
        ],
      }),
    ];
    const before = await kit.count('experiments');
    for (const bad of cases) {
      const res = await kit.api('POST', '/v1/experiments', { key, body: bad });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe('validation_failed');
    }
    expect(await kit.count('experiments')).toBe(before);
  });
});

describe('what the redirect serves', () => {
  const payloadAt = async (slug: string) => {
    const raw = await kit.deps.redis.get(
      redirectKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.LINK_HOST, slug),
    );
    return raw === null ? null : parseRedirectPayload(raw);
  };

  it('a QR code’s own destination can be tested: running, its payload assigns variants with a click id; paused, not', async () => {
    const qrRes = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: { destination_url: 'https://example.com/menu' },
    });
    expect(qrRes.status, await qrRes.clone().text()).toBe(201);
    const qr = ((await qrRes.json()) as Envelope<{ id: string; slug: string }>).data;
    const created = await kit.api('POST', '/v1/experiments', {
      key,
      body: { ...body(qr.id), resource_type: 'qr_code', name: 'Menu test' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const e = ((await created.json()) as Envelope<ExperimentView>).data;
    expect(e.variants.find((v) => v.is_control)?.destination_url).toBe('https://example.com/menu');
    expect((await takeStep(e.id, 'start')).status).toBe(200);
    const running = await payloadAt(qr.slug);
    expect(running?.experiment).toMatchObject({ id: e.id, arm: 1, click_id: true });
    expect(running?.experiment?.variants.map((v) => v.weight)).toEqual([5000, 5000]);
    expect((await takeStep(e.id, 'pause')).status).toBe(200);
    expect((await payloadAt(qr.slug))?.experiment).toBeNull();
  });

  it('promoting a QR code’s winner re-points the code itself: versioned, audited forever, served without the test', async () => {
    const qrRes = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: { destination_url: 'https://example.com/menu' },
    });
    const qr = ((await qrRes.json()) as Envelope<{ id: string; slug: string }>).data;
    const created = await kit.api('POST', '/v1/experiments', {
      key,
      body: { ...body(qr.id), resource_type: 'qr_code', name: 'Menu promote' },
    });
    const e = ((await created.json()) as Envelope<ExperimentView>).data;
    expect((await takeStep(e.id, 'start')).status).toBe(200);
    expect((await takeStep(e.id, 'promote')).status).toBe(200);
    const served = await payloadAt(qr.slug);
    expect(served?.experiment).toBeNull();
    expect(served?.destination_url).toBe('https://example.com/b');
    expect(served?.last_good_destination).toBe('https://example.com/b');
    const version = await kit.deps.pool.query<{ change_summary: string }>(
      'SELECT change_summary FROM qr_code_versions WHERE qr_code_id = $1 ORDER BY version DESC LIMIT 1',
      [qr.id],
    );
    expect(version.rows[0]?.change_summary).toBe('promoted B');
    const audit = await kit.deps.pool.query<{ retention_expires_at: Date | null }>(
      "SELECT retention_expires_at FROM audit_log_entries WHERE resource_id = $1 AND action = 'qr_code.destination_changed'",
      [qr.id],
    );
    expect(audit.rows).toEqual([{ retention_expires_at: null }]);
  });
});

describe('POST /v1/conversions', () => {
  it('counts a visitor-day once; a repeat, a stranger and a finished test are not counted; junk is 422', async () => {
    const e = await experimentIn('running');
    const b = e.variants.find((v) => v.key === 'b');
    const clickId = mintClickId(devClickIdKeyring(), {
      experimentId: e.id,
      armPeriod: 1,
      variantId: b?.id ?? '',
      at: new Date(),
      visitorKey: '0123456789abcdef',
    });
    const report = () => kit.api('POST', '/v1/conversions', { key, body: { click_id: clickId } });
    const first = (await (await report()).json()) as Envelope<{ counted: boolean; reason: string | null }>;
    expect(first.data).toMatchObject({ counted: true, reason: null, experiment_id: e.id });
    const again = (await (await report()).json()) as Envelope<{ counted: boolean; reason: string | null }>;
    expect(again.data).toMatchObject({ counted: false, reason: 'duplicate' });
    const stranger = await kit.api('POST', '/v1/conversions', {
      key: await kit.key(SCOPES, 'other'),
      body: { click_id: clickId },
    });
    expect(((await stranger.json()) as Envelope<{ reason: string }>).data.reason).toBe('unknown_experiment');
    const junk = await kit.api('POST', '/v1/conversions', { key, body: { click_id: 'lhc1nope' } });
    expect(junk.status).toBe(422);
    expect(((await junk.json()) as ErrorBody).error.code).toBe('invalid_click_id');
    expect((await takeStep(e.id, 'conclude')).status).toBe(200);
    const late = await report();
    expect(((await late.json()) as Envelope<{ reason: string }>).data.reason).toBe('experiment_not_running');
    const stored = await kit.deps.pool.query<{ reports: number }>(
      'SELECT reports FROM experiment_conversions WHERE experiment_id = $1',
      [e.id],
    );
    expect(stored.rows).toEqual([{ reports: 2 }]);
  });
});

describe('any input at the REST door (fast-check)', () => {
  it('never a 5xx, always the envelope, no row changed on a refusal', async () => {
    const { default: fc } = await import('fast-check');
    const e = await create();
    const snapshot = async () =>
      (
        await kit.deps.pool.query(
          `SELECT (SELECT count(*) FROM experiments) AS n, (SELECT count(*) FROM experiment_conversions) AS c,
                  (SELECT status || name || arm_period FROM experiments WHERE id = $1) AS one`,
          [e.id],
        )
      ).rows[0];
    const before = await snapshot();
    const target = fc.constantFrom(
      ['POST', '/v1/experiments'],
      ['PATCH', `/v1/experiments/${e.id}`],
      ['POST', `/v1/experiments/${e.id}/pause`],
      ['POST', `/v1/experiments/${e.id}/promote`],
      ['POST', `/v1/experiments/${e.id}/conclude`],
      ['POST', '/v1/conversions'],
    );
    const junk = fc.oneof(
      fc.anything(),
      fc.record({ variants: fc.array(fc.anything(), { maxLength: 6 }), name: fc.anything() }),
      fc.record({ click_id: fc.string() }),
      fc.record({ winner_variant_key: fc.string(), workspace_id: fc.uuid() }),
    );
    await fc.assert(
      fc.asyncProperty(target, junk, async ([method, path], body) => {
        const res = await kit.api(method, path, { key, raw: JSON.stringify(body) ?? 'null' });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          const error = ((await res.json()) as ErrorBody).error;
          expect(typeof error.code).toBe('string');
          expect(Array.isArray(error.details)).toBe(true);
          expect(typeof error.request_id).toBe('string');
        }
      }),
      { numRuns: 150 },
    );
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
