import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mintClickId, type ClickExposure } from '@linkhub/shared/server/experiments/click-id';
import { clickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import type { ExperimentView } from '@linkhub/shared/experiments/schemas';
import { startV1Kit, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

const OLD_KEY = `k1:${'o'.repeat(40)}`;
const NEW_KEY = `k2:${'n'.repeat(40)}`;
const signedWithOld = clickIdKeyring({ CLICK_ID_KEY: OLD_KEY, CLICK_ID_PREVIOUS_KEYS: '' });
const signedWithNew = clickIdKeyring({ CLICK_ID_KEY: NEW_KEY, CLICK_ID_PREVIOUS_KEYS: '' });
const SCOPES = ['links:read', 'links:write', 'experiments:read', 'experiments:write'];
const DAY = 86_400_000;

type Rig = { kit: V1Kit; key: string; experiment: ExperimentView };
type Report = { status: number; code: string | null; counted: boolean | null };

/** A sync-server with these click id keys, and a running A/B test on a link. */
async function rig(env: Record<string, string>): Promise<Rig> {
  const kit = await startV1Kit({}, env);
  const key = await kit.key(SCOPES);
  const link = await kit.api('POST', '/v1/links', {
    key,
    body: { destination_url: 'https://example.com/a' },
  });
  const resourceId = ((await link.json()) as Envelope<{ id: string }>).data.id;
  const created = await kit.api('POST', '/v1/experiments', {
    key,
    body: {
      resource_type: 'link',
      resource_id: resourceId,
      name: 'Checkout test',
      variants: [
        { key: 'a', name: 'A', weight: 5000, is_control: true },
        { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/b' },
      ],
    },
  });
  const experiment = ((await created.json()) as Envelope<ExperimentView>).data;
  expect((await kit.api('POST', `/v1/experiments/${experiment.id}/start`, { key, body: {} })).status).toBe(
    200,
  );
  return { kit, key, experiment };
}

const variantId = (r: Rig, k: 'a' | 'b') => r.experiment.variants.find((v) => v.key === k)?.id ?? '';
let visitor = 0;
const exposure = (r: Rig, over: Partial<ClickExposure> = {}): ClickExposure => ({
  experimentId: r.experiment.id,
  armPeriod: 1,
  variantId: variantId(r, 'b'),
  at: new Date(),
  // A fresh visitor each time, so a refusal is never mistaken for a duplicate.
  visitorKey: (visitor++).toString(16).padStart(16, '0'),
  ...over,
});

async function report(r: Rig, clickId: string): Promise<Report> {
  const res = await r.kit.api('POST', '/v1/conversions', { key: r.key, body: { click_id: clickId } });
  const body = (await res.json()) as Partial<ErrorBody> & Partial<Envelope<{ counted: boolean }>>;
  return { status: res.status, code: body.error?.code ?? null, counted: body.data?.counted ?? null };
}

async function conversions(r: Rig): Promise<number> {
  const { rows } = await r.kit.deps.pool.query<{ n: string }>(
    'SELECT coalesce(sum(reports), 0) AS n FROM experiment_conversions WHERE experiment_id = $1',
    [r.experiment.id],
  );
  return Number(rows[0]?.n ?? 0);
}

const refused = { status: 422, code: 'invalid_click_id', counted: null };

let rotating: Rig;
beforeAll(async () => {
  rotating = await rig({ CLICK_ID_KEY: NEW_KEY, CLICK_ID_PREVIOUS_KEYS: OLD_KEY });
});
afterAll(async () => rotating.kit.stop());

describe('POST /v1/conversions only counts click ids LinkHub signed', () => {
  it('an altered byte, another variant under the same signature, 400 days ahead and 100 days old are refused and count nothing', async () => {
    const valid = mintClickId(signedWithNew, exposure(rotating));
    const body = valid.slice('lhc2k2.'.length);
    const flipped = Buffer.from(body, 'base64url');
    flipped[40] = (flipped[40] ?? 0) ^ 1;
    const otherVariant = Buffer.from(body, 'base64url');
    Buffer.from(variantId(rotating, 'a').replace(/-/g, ''), 'hex').copy(otherVariant, 18);
    const before = await conversions(rotating);
    const forged = {
      'altered byte': `lhc2k2.${flipped.toString('base64url')}`,
      'other variant': `lhc2k2.${otherVariant.toString('base64url')}`,
      '400 days ahead': mintClickId(
        signedWithNew,
        exposure(rotating, { at: new Date(Date.now() + 400 * DAY) }),
      ),
      '100 days old': mintClickId(
        signedWithNew,
        exposure(rotating, { at: new Date(Date.now() - 100 * DAY) }),
      ),
      'unsigned old format': 'lhc1AZDx8AAAcACAAAAAAAAAAQABAZDx8AAAcACAAAAAAAAAqgAAUUgBI0VniavN7w',
    };
    for (const [what, clickId] of Object.entries(forged))
      expect(await report(rotating, clickId), what).toEqual(refused);
    expect(await conversions(rotating)).toBe(before);
    expect(await report(rotating, valid)).toMatchObject({ status: 200, counted: true });
    expect(await conversions(rotating)).toBe(before + 1);
  });

  it('property: no mutation of a valid id is counted, and none is a 5xx', async () => {
    const valid = mintClickId(signedWithNew, exposure(rotating));
    const before = await conversions(rotating);
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: valid.length - 1 }),
        fc.constantFrom(...'AQgw_-09az.'),
        async (at, ch) => {
          const mutated = valid.slice(0, at) + ch + valid.slice(at + 1);
          if (mutated === valid) return;
          const answer = await report(rotating, mutated);
          expect(answer.status).toBeLessThan(500);
          expect(answer).toEqual(refused);
        },
      ),
      { numRuns: 25 },
    );
    expect(await conversions(rotating)).toBe(before);
  });

  it('an id signed with the previous key counts while that key is listed, and is refused once it is dropped', async () => {
    expect(await report(rotating, mintClickId(signedWithOld, exposure(rotating)))).toMatchObject({
      status: 200,
      counted: true,
    });
    const rotated = await rig({ CLICK_ID_KEY: NEW_KEY });
    try {
      const before = await conversions(rotated);
      expect(await report(rotated, mintClickId(signedWithOld, exposure(rotated)))).toEqual(refused);
      expect(await conversions(rotated)).toBe(before);
      expect(await report(rotated, mintClickId(signedWithNew, exposure(rotated)))).toMatchObject({
        counted: true,
      });
    } finally {
      await rotated.kit.stop();
    }
  });
});
