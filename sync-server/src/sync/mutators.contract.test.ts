import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { generateKeyBetween } from 'fractional-indexing';
import { syncKeys } from '@linkhub/shared/sync/keys';
import { MUTATOR_NAMES } from '@linkhub/shared/mutators/index';
import { experimentMutators } from '@linkhub/shared/mutators/experiments';
import { MutatorValidationError } from '@linkhub/shared/mutators/define';
import { FOLDER_CONTRACT_CASES } from '../testing/folder-contract-cases';
import {
  createSyncHarness,
  eventually,
  syncRound,
  type SyncClient,
  type SyncHarness,
} from '../testing/sync-harness';

/**
 * One contract suite over both sides of every mutator: what the optimistic client implementation
 * shows offline must be what the server command stores (read back through a pull), field by field.
 */
type Ctx = {
  ws: string;
  link: string;
  qr: string;
  page: string;
  block: string;
  domain: string;
  folder: string;
};
type Case = {
  name: string;
  run: (c: SyncClient, x: Ctx) => Promise<unknown>;
  key: (x: Ctx) => string;
  /** Fields compared between the optimistic value and the server's; 'absent' = both sides drop the key. */
  fields: readonly string[] | 'absent';
};

const EXPERIMENT_MUTATOR_NAMES = experimentMutators.map((m) => m.name);

const CASES: Case[] = [
  {
    name: 'createLink',
    run: (c, x) =>
      c.rep.mutate.createLink({
        id: x.link,
        workspace_id: x.ws,
        destination_url: 'https://example.com/c',
        slug: `c-${x.link.slice(0, 6)}`,
        title: 'Contract',
        tags: ['a'],
        utm: { source: 'news' },
      }),
    key: (x) => syncKeys.link(x.link),
    fields: ['slug', 'destination_url', 'title', 'tags', 'utm', 'status', 'host', 'archived_at'],
  },
  {
    name: 'updateLink',
    run: (c, x) =>
      c.rep.mutate.updateLink({
        id: x.link,
        workspace_id: x.ws,
        destination_url: 'https://example.com/u',
        title: 'Renamed',
        tags: ['b', 'c'],
      }),
    key: (x) => syncKeys.link(x.link),
    fields: ['destination_url', 'title', 'tags'],
  },
  ...FOLDER_CONTRACT_CASES,
  {
    // The device learns only that a password is set, never the password (D-615).
    name: 'setLinkPassword',
    run: (c, x) => c.rep.mutate.setLinkPassword({ id: x.link, workspace_id: x.ws, password: 'open sesame' }),
    key: (x) => syncKeys.link(x.link),
    fields: ['has_password'],
  },
  {
    name: 'pauseLink',
    run: (c, x) => c.rep.mutate.pauseLink({ id: x.link, workspace_id: x.ws }),
    key: (x) => syncKeys.link(x.link),
    fields: ['status'],
  },
  {
    name: 'resumeLink',
    run: (c, x) => c.rep.mutate.resumeLink({ id: x.link, workspace_id: x.ws }),
    key: (x) => syncKeys.link(x.link),
    fields: ['status'],
  },
  {
    name: 'archiveLink',
    run: (c, x) => c.rep.mutate.archiveLink({ id: x.link, workspace_id: x.ws }),
    key: (x) => syncKeys.link(x.link),
    fields: ['status'],
  },
  {
    name: 'restoreLink',
    run: (c, x) => c.rep.mutate.restoreLink({ id: x.link, workspace_id: x.ws }),
    key: (x) => syncKeys.link(x.link),
    fields: ['archived_at'],
  },
  {
    name: 'createQrCode',
    run: (c, x) =>
      c.rep.mutate.createQrCode({
        id: x.qr,
        workspace_id: x.ws,
        destination_url: 'https://example.com/q',
        slug: `q-${x.qr.slice(0, 6)}`,
        title: 'Menu',
      }),
    key: (x) => syncKeys.qr(x.qr),
    fields: ['slug', 'destination_url', 'title', 'status', 'host', 'last_good_destination'],
  },
  {
    name: 'updateQrCode',
    run: (c, x) =>
      c.rep.mutate.updateQrCode({
        id: x.qr,
        workspace_id: x.ws,
        destination_url: 'https://example.com/q2',
        title: 'Menu 2',
      }),
    key: (x) => syncKeys.qr(x.qr),
    fields: ['destination_url', 'title'],
  },
  {
    name: 'archiveQrCode',
    run: (c, x) => c.rep.mutate.archiveQrCode({ id: x.qr, workspace_id: x.ws }),
    key: (x) => syncKeys.qr(x.qr),
    fields: ['status', 'slug'],
  },
  {
    name: 'restoreQrCode',
    run: (c, x) => c.rep.mutate.restoreQrCode({ id: x.qr, workspace_id: x.ws }),
    key: (x) => syncKeys.qr(x.qr),
    fields: ['archived_at'],
  },
  {
    name: 'createPage',
    run: (c, x) =>
      c.rep.mutate.createPage({
        id: x.page,
        workspace_id: x.ws,
        handle: `h-${x.page.slice(0, 6)}`,
        title: 'Shop',
        bio: 'Hi',
      }),
    key: (x) => syncKeys.page(x.page),
    fields: ['handle', 'title', 'bio', 'published_at'],
  },
  {
    name: 'updatePage',
    run: (c, x) => c.rep.mutate.updatePage({ id: x.page, workspace_id: x.ws, title: 'Shop 2', bio: 'Hello' }),
    key: (x) => syncKeys.page(x.page),
    fields: ['title', 'bio'],
  },
  {
    name: 'addBlock',
    run: (c, x) =>
      c.rep.mutate.addBlock({
        id: x.block,
        page_id: x.page,
        workspace_id: x.ws,
        type: 'link',
        data: { title: 'Buy', url: 'https://example.com/buy' },
        position: generateKeyBetween(null, null),
      }),
    key: (x) => syncKeys.block(x.page, x.block),
    fields: ['type', 'data', 'position', 'is_visible'],
  },
  {
    name: 'updateBlock',
    run: (c, x) =>
      c.rep.mutate.updateBlock({
        id: x.block,
        page_id: x.page,
        workspace_id: x.ws,
        data: { title: 'Buy now' },
      }),
    key: (x) => syncKeys.block(x.page, x.block),
    fields: ['data', 'is_visible'],
  },
  {
    name: 'moveBlock',
    run: (c, x) =>
      c.rep.mutate.moveBlock({
        id: x.block,
        page_id: x.page,
        workspace_id: x.ws,
        position: generateKeyBetween('a0', null),
      }),
    key: (x) => syncKeys.block(x.page, x.block),
    fields: ['position'],
  },
  {
    name: 'publishPage',
    run: (c, x) => c.rep.mutate.publishPage({ id: x.page, workspace_id: x.ws }),
    key: (x) => syncKeys.page(x.page),
    fields: ['published_revision'],
  },
  {
    name: 'unpublishPage',
    run: (c, x) => c.rep.mutate.unpublishPage({ id: x.page, workspace_id: x.ws }),
    key: (x) => syncKeys.page(x.page),
    fields: ['published_revision', 'published_at'],
  },
  {
    name: 'removeBlock',
    run: (c, x) => c.rep.mutate.removeBlock({ id: x.block, page_id: x.page, workspace_id: x.ws }),
    key: (x) => syncKeys.block(x.page, x.block),
    fields: 'absent',
  },
  {
    name: 'archivePage',
    run: (c, x) => c.rep.mutate.archivePage({ id: x.page, workspace_id: x.ws }),
    key: (x) => syncKeys.page(x.page),
    fields: ['handle', 'published_at'],
  },
  {
    name: 'addDomain',
    run: (c, x) =>
      c.rep.mutate.addDomain({
        id: x.domain,
        workspace_id: x.ws,
        hostname: `go-${x.domain.slice(0, 6)}.example.com`,
        purpose: 'links',
      }),
    key: (x) => syncKeys.domain(x.domain),
    fields: ['hostname', 'status', 'purpose', 'is_system'],
  },
  {
    name: 'verifyDomain',
    run: (c, x) => c.rep.mutate.verifyDomain({ id: x.domain, workspace_id: x.ws }),
    key: (x) => syncKeys.domain(x.domain),
    fields: ['status'],
  },
  {
    name: 'updateDomain',
    run: (c, x) =>
      c.rep.mutate.updateDomain({
        id: x.domain,
        workspace_id: x.ws,
        purpose: 'all',
        not_found_url: 'https://example.com/lost',
        default_for_links: true,
      }),
    key: (x) => syncKeys.domain(x.domain),
    fields: ['purpose', 'not_found_url', 'default_for_links'],
  },
  {
    name: 'retryDomainCertificate',
    run: async (c, x) => {
      // A certificate is ordered only for a verified domain (the worker's DNS check, done here by hand).
      await h.sql("UPDATE custom_domains SET status = 'verified', verified_at = now() WHERE id = $1", [
        x.domain,
      ]);
      await c.rep.mutate.retryDomainCertificate({ id: x.domain, workspace_id: x.ws });
    },
    key: (x) => syncKeys.domain(x.domain),
    fields: ['tls_status', 'tls_last_error'],
  },
  {
    name: 'removeDomain',
    run: (c, x) => c.rep.mutate.removeDomain({ id: x.domain, workspace_id: x.ws }),
    key: (x) => syncKeys.domain(x.domain),
    fields: 'absent',
  },
  {
    name: 'updateWorkspaceSettings',
    run: (c, x) =>
      c.rep.mutate.updateWorkspaceSettings({
        workspace_id: x.ws,
        name: 'Renamed workspace',
        time_zone: 'Europe/Berlin',
      }),
    key: (x) => syncKeys.workspace(x.ws),
    fields: ['name', 'time_zone'],
  },
];

/** Server-computed fields the optimistic side leaves for the pull to fill in (it cannot know them offline). */
const SERVER_ONLY: Record<string, readonly string[]> = {};

let h: SyncHarness;
let client: SyncClient;
let ctx: Ctx;
beforeAll(async () => {
  h = await createSyncHarness();
  const owner = await h.signUp('Contract');
  await h.sql("UPDATE workspaces SET current_plan_key = 'business' WHERE id = $1", [owner.workspaceId]);
  await h.sql('UPDATE users SET email_verified_at = now()');
  client = h.client(owner.token);
  await syncRound(client);
  ctx = {
    ws: owner.workspaceId,
    link: randomUUID(),
    folder: randomUUID(),
    qr: randomUUID(),
    page: randomUUID(),
    block: randomUUID(),
    domain: randomUUID(),
  };
});
afterAll(async () => h.close());

const read = (key: string) =>
  client.rep.query((tx) => tx.get(key)) as Promise<Record<string, unknown> | undefined>;
const pick = (value: Record<string, unknown> | undefined, fields: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [f, value?.[f]]));

describe('mutator contract: client optimistic result = server command result', () => {
  it('covers every mutator (dismissNotice is covered by the refusal test, restorePageVersion and restoreBlock — the device holds no removed block — by the history tests, the experiment steps — nothing on the device — by experiments/experiments.push.test.ts)', () => {
    const elsewhere = ['dismissNotice', 'restorePageVersion', 'restoreBlock', ...EXPERIMENT_MUTATOR_NAMES];
    expect(new Set([...CASES.map((c) => c.name), ...elsewhere])).toEqual(new Set(MUTATOR_NAMES));
  });

  for (const testCase of CASES) {
    it(testCase.name, async () => {
      client.network.up = false;
      await testCase.run(client, ctx);
      const key = testCase.key(ctx);
      const optimistic = await read(key);
      client.network.up = true;
      await syncRound(client);
      expect(await h.sql('SELECT 1 FROM sync_notices WHERE mutation_name = $1', [testCase.name])).toEqual([]);
      if (testCase.fields === 'absent') {
        expect(optimistic).toBeUndefined();
        await eventually(
          () => read(key),
          (v) => v === undefined,
          client,
        );
        return;
      }
      const compared = testCase.fields.filter((f) => !(SERVER_ONLY[testCase.name] ?? []).includes(f));
      // Key order is not part of the contract (jsonb reorders object keys): compare structurally.
      const server = await eventually(
        () => read(key),
        (v) => isDeepStrictEqual(pick(v, compared), pick(optimistic, compared)),
        client,
      ).catch(async () => read(key));
      expect(pick(server, compared)).toEqual(pick(optimistic, compared));
    });
  }
});

describe('no door answers a refusal with a server error', () => {
  it('the whole suite above produced no 5xx', () => {
    expect(h.serverErrors).toEqual([]);
  });
});

describe('validation before save', () => {
  it('a client mutator refuses what the server would refuse, with field errors, and queues nothing', async () => {
    const pending = async () => (await client.rep.experimentalPendingMutations()).length;
    const before = await pending();
    const inverted = client.rep.mutate.updateLink({
      id: ctx.link,
      workspace_id: ctx.ws,
      starts_at: '2030-06-01T00:00:00.000Z',
      expires_at: '2030-01-01T00:00:00.000Z',
    });
    await expect(inverted).rejects.toBeInstanceOf(MutatorValidationError);
    await expect(inverted).rejects.toMatchObject({
      code: 'validation_failed',
      mutator: 'updateLink',
      details: [expect.objectContaining({ field: 'expires_at', issue: 'expires_before_start' })],
    });
    expect(await pending()).toBe(before);
  });

  it('a QR design that would not scan is refused with its fixes, and nothing is stored', async () => {
    const id = randomUUID();
    await client.rep.mutate.createQrCode({
      id,
      workspace_id: ctx.ws,
      destination_url: 'https://example.com/x',
      slug: `lc-${id.slice(0, 6)}`,
      design: { fgColor: '#bbbbbb', bgColor: '#ffffff' },
    });
    const [notice] = await eventually(
      () =>
        h.sql<{ code: string; details: Array<{ field: string; issue: string; suggested?: unknown }> }>(
          "SELECT code, details FROM sync_notices WHERE mutation_name = 'createQrCode' ORDER BY created_at DESC LIMIT 1",
        ),
      (found) => found.length === 1,
      client,
    );
    expect(await h.sql('SELECT 1 FROM qr_codes WHERE id = $1', [id])).toEqual([]);
    expect(notice?.code).toBe('qr_unscannable');
    expect(notice?.details.some((d) => d.issue === 'low_contrast' && d.suggested !== undefined)).toBe(true);
    await eventually(
      () => read(syncKeys.qr(id)),
      (v) => v === undefined,
      client,
    );
  });
});
