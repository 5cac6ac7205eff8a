import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { setPlan, startKit, type Kit } from './accounts-kit';
import type { DepsOverrides } from '../deps';
import type { ResolveHost } from '../kernel/destination-safety';

/**
 * For the /v1 tests: the account kit (real app, database, Redis prefix, SMTP capture), system hosts,
 * a DNS stand-in (no outside network: `*.example.com` is public, `intranet.example.com` private),
 * and helpers to mint keys and call the API like a client.
 */
export type V1Kit = Kit & {
  owner: { token: string; userId: string; workspaceId: string };
  other: { token: string; userId: string; workspaceId: string };
  key: (scopes: readonly string[], who?: 'owner' | 'other') => Promise<string>;
  api: (
    method: string,
    path: string,
    opts?: { key?: string; body?: unknown; raw?: string; headers?: Record<string, string> },
  ) => Promise<Response>;
  count: (table: string) => Promise<number>;
};

export const ALL_SCOPES = [
  'links:read',
  'links:write',
  'qr:read',
  'qr:write',
  'pages:read',
  'pages:write',
  'domains:read',
  'domains:write',
  'analytics:read',
] as const;

export const testResolver: ResolveHost = async (host) => {
  if (host === 'intranet.example.com') return ['10.1.2.3'];
  if (host === 'meta.example.com') return ['93.184.216.34', '169.254.169.254'];
  if (host === 'v6loop.example.com') return ['::1'];
  return ['93.184.216.34'];
};

export async function startV1Kit(
  overrides: DepsOverrides = {},
  env: Record<string, string> = {},
): Promise<V1Kit> {
  const kit = await startKit({ resolveHost: testResolver, ...overrides }, env);
  const db = createDb(kit.database.url);
  await ensureSystemDomains(db.db, {
    linkHost: kit.deps.config.LINK_HOST,
    bioHost: kit.deps.config.BIO_HOST,
  });
  await db.close();
  const owner = await kit.signUp('v1-owner@example.com');
  const other = await kit.signUp('v1-other@example.com');
  await setPlan(kit, owner.workspaceId, 'business');
  const key: V1Kit['key'] = async (scopes, who = 'owner') => {
    const account = who === 'owner' ? owner : other;
    const res = await kit.call('POST', `/api/workspaces/${account.workspaceId}/api-keys`, {
      token: account.token,
      body: { name: 'test', scopes },
    });
    if (res.status !== 201) throw new Error(`key ${res.status}: ${await res.text()}`);
    return (await kit.json<{ data: { key: string } }>(res)).data.key;
  };
  const api: V1Kit['api'] = (method, path, opts = {}) => {
    const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    return Promise.resolve(
      kit.app.request(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(opts.key ? { Authorization: `Bearer ${opts.key}` } : {}),
          ...opts.headers,
        },
        ...(body === undefined ? {} : { body }),
      }),
    );
  };
  const count: V1Kit['count'] = async (table) => {
    const { rows } = await kit.deps.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
    return Number(rows[0]?.n ?? 0);
  };
  return { ...kit, owner, other, key, api, count };
}

export type Envelope<T> = { data: T; meta: { next_cursor?: string | null } };
export type ErrorBody = {
  error: {
    code: string;
    message: string;
    details: Array<{ field: string; issue: string }>;
    request_id: string;
  };
};
