import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintClickId } from '@linkhub/shared/server/experiments/click-id';
import { clickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import { z } from 'zod';
import { dereference } from '@readme/openapi-parser';
import type { ExperimentView } from '@linkhub/shared/experiments/schemas';
import { startV1Kit, type Envelope, type V1Kit } from '../../testing/v1-kit';

/**
 * The OpenAPI contract walk (openapi.test.ts) over the experiment operations, with the fixtures they
 * need: a link to test, and an experiment in the state each step starts from. Every operation answers
 * its documented status with a body matching its documented schema, 401 without a key and 403
 * `insufficient_scope` with a key lacking its scope.
 */
type Json = Record<string, unknown>;
type OperationDoc = {
  operationId: string;
  tags: string[];
  'x-required-scope': string;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
  requestBody?: { content: Record<string, { example?: unknown } | undefined> };
};

let kit: V1Kit;
let key: string;
let paths: Record<string, Record<string, OperationDoc>>;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(['links:write', 'links:read', 'experiments:read', 'experiments:write']);
  const res = await kit.api('GET', '/v1/openapi.json');
  paths = ((await dereference((await res.json()) as never)) as unknown as { paths: typeof paths }).paths;
});
afterAll(async () => kit.stop());

async function link(): Promise<string> {
  const res = await kit.api('POST', '/v1/links', { key, body: { destination_url: 'https://example.com/x' } });
  return ((await res.json()) as Envelope<{ id: string }>).data.id;
}

const FROM: Record<string, string[]> = {
  startExperiment: [],
  pauseExperiment: ['start'],
  concludeExperiment: ['start'],
  promoteExperiment: ['start', 'conclude'],
  archiveExperiment: [],
};

async function experiment(operationId: string): Promise<string> {
  const created = await kit.api('POST', '/v1/experiments', {
    key,
    body: {
      resource_type: 'link',
      resource_id: await link(),
      name: 'Walk',
      variants: [
        { key: 'a', name: 'A', weight: 5000 },
        { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/b' },
      ],
    },
  });
  const id = ((await created.json()) as Envelope<ExperimentView>).data.id;
  for (const step of FROM[operationId] ?? [])
    expect((await kit.api('POST', `/v1/experiments/${id}/${step}`, { key, body: {} })).status).toBe(200);
  return id;
}

/** A click id as the edge appends it for variant B of a new experiment, signed with this server's keys. */
async function signedClickId(): Promise<string> {
  const id = await experiment('createExperiment');
  const read = await kit.api('GET', `/v1/experiments/${id}`, { key });
  const view = ((await read.json()) as Envelope<ExperimentView>).data;
  return mintClickId(clickIdKeyring(kit.deps.config), {
    experimentId: id,
    armPeriod: 1,
    variantId: view.variants.find((v) => v.key === 'b')?.id ?? '',
    at: new Date(),
    visitorKey: '00000000000000ab',
  });
}

describe('experiment operations in the OpenAPI document', () => {
  it('are documented under /v1/experiments and /v1/conversions', () => {
    expect(Object.keys(paths).filter((p) => /experiments|conversions/.test(p))).toEqual(
      expect.arrayContaining([
        '/v1/experiments',
        '/v1/experiments/{id}',
        '/v1/experiments/{id}/results',
        '/v1/experiments/{id}/start',
        '/v1/experiments/{id}/promote',
        '/v1/conversions',
      ]),
    );
  });

  it('every one answers as documented', async () => {
    const noScope = await kit.key(['links:read']);
    let walked = 0;
    for (const [path, item] of Object.entries(paths))
      for (const [method, op] of Object.entries(item)) {
        const tag = op.tags[0];
        if (tag !== 'experiments' && tag !== 'conversions') continue;
        walked += 1;
        const label = `${method.toUpperCase()} ${path}`;
        let body = op.requestBody?.content['application/json']?.example;
        if (op.operationId === 'createExperiment') body = { ...(body as Json), resource_id: await link() };
        // A click id is signed by the server that appended it (D-491): no printed example can be one.
        if (op.operationId === 'recordConversion') body = { click_id: await signedClickId() };
        const target = path.includes('{id}') ? path.replace('{id}', await experiment(op.operationId)) : path;
        const res = await kit.api(method.toUpperCase(), target, {
          key,
          ...(body === undefined ? {} : { body }),
        });
        const [success, documented] = Object.entries(op.responses).find(([s]) => s.startsWith('2')) ?? [
          '',
          {},
        ];
        expect(String(res.status), `${label}: ${(await res.clone().text()).slice(0, 300)}`).toBe(success);
        const schema = documented.content?.['application/json']?.schema;
        expect(schema, label).toBeDefined();
        const parsed = z.fromJSONSchema(schema as never).safeParse(await res.json());
        expect(
          parsed.success,
          `${label}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`,
        ).toBe(true);
        const anonymous = await kit.api(method.toUpperCase(), target, body === undefined ? {} : { body });
        expect(anonymous.status, label).toBe(401);
        const scoped = await kit.api(method.toUpperCase(), target, {
          key: noScope,
          ...(body === undefined ? {} : { body }),
        });
        expect(scoped.status, label).toBe(403);
        expect(((await scoped.json()) as { error: { code: string } }).error.code, label).toBe(
          'insufficient_scope',
        );
        expect(op['x-required-scope'], label).toMatch(/^experiments:(read|write)$/);
      }
    expect(walked).toBe(11);
  });
});
