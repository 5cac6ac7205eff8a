import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { startKit, type Kit } from '../testing/accounts-kit';
import { isSameSiteRequest } from './csrf';

let kit: Kit;
let owner: { token: string; userId: string; workspaceId: string };

beforeAll(async () => {
  kit = await startKit();
  const db = createDb(kit.database.url);
  await ensureSystemDomains(db.db, {
    linkHost: kit.deps.config.LINK_HOST,
    bioHost: kit.deps.config.BIO_HOST,
  });
  await db.close();
  owner = await kit.signUp('csrf-owner@example.com');
});
afterAll(async () => {
  await kit.stop();
});

type Err = { error: { code: string; message: string; details: unknown[]; request_id: string } };

/** What a form or `fetch(…, {mode: 'no-cors'})` on another site can send: the cookie rides along, the body is text/plain. */
function fromPage(
  origin: string | null,
  path: string,
  body: unknown,
  extra: Record<string, string> = {},
): Promise<Response> {
  return kit.call('POST', path, {
    headers: {
      Cookie: `lh_session=${owner.token}`,
      'Content-Type': 'text/plain;charset=UTF-8',
      ...(origin === null ? {} : { Origin: origin }),
      ...extra,
    },
    body,
  });
}

async function apiKeyCount(): Promise<number> {
  const { rows } = await kit.deps.pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM api_keys WHERE workspace_id = $1',
    [owner.workspaceId],
  );
  return Number(rows[0]?.n ?? 0);
}

async function liveSessions(): Promise<number> {
  const { rows } = await kit.deps.pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
    [owner.userId],
  );
  return Number(rows[0]?.n ?? 0);
}

const keyPath = () => `/api/workspaces/${owner.workspaceId}/api-keys`;
const keyBody = { name: 'from a page', scopes: ['links:read'] };

describe('cross-site requests with the session cookie (16.8)', () => {
  it('cannot create an API key, push a link or sign out everywhere from https://evil.example', async () => {
    const keysBefore = await apiKeyCount();
    const sessionsBefore = await liveSessions();
    const push = {
      pushVersion: 1,
      clientGroupID: `cg-${randomUUID()}`,
      profileID: 'p',
      schemaVersion: '',
      mutations: [
        {
          clientID: `c-${randomUUID()}`,
          id: 1,
          name: 'createLink',
          args: {
            id: randomUUID(),
            workspace_id: owner.workspaceId,
            destination_url: 'https://evil.example/',
          },
          timestamp: 0,
        },
      ],
    };
    for (const [path, body] of [
      [keyPath(), keyBody],
      ['/replicache/push', push],
      ['/api/auth/logout-all', {}],
    ] as const) {
      const res = await fromPage('https://evil.example', path, body);
      expect(res.status, path).toBe(403);
      const err = await kit.json<Err>(res);
      expect(err.error.code).toBe('cross_site_request');
      expect(err.error.message).toMatch(/another website/);
      expect(Array.isArray(err.error.details)).toBe(true);
    }
    expect(await apiKeyCount()).toBe(keysBefore);
    expect(await liveSessions()).toBe(sessionsBefore);
    const { rows } = await kit.deps.pool.query(
      "SELECT 1 FROM links WHERE destination_url LIKE 'https://evil.example%'",
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses Origin: null and, without Origin, Sec-Fetch-Site cross-site or same-site', async () => {
    expect((await fromPage('null', keyPath(), keyBody)).status).toBe(403);
    expect((await fromPage(null, keyPath(), keyBody, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await fromPage(null, keyPath(), keyBody, { 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect(
      (
        await fromPage('https://evil.example', '/api/auth/login', {
          email: 'csrf-owner@example.com',
          password: 'x',
        })
      ).status,
    ).toBe(403);
  });

  it('lets the app itself through: the sync-server origin, the PWA origin, the desktop app and clients that send no Origin', async () => {
    const before = await apiKeyCount();
    expect((await fromPage('http://localhost:8080', keyPath(), keyBody)).status).toBe(201);
    expect((await fromPage(kit.deps.config.PUBLIC_PWA_URL, keyPath(), keyBody)).status).toBe(201);
    expect((await fromPage('app://linkhub', keyPath(), keyBody)).status).toBe(201);
    expect((await fromPage(null, keyPath(), keyBody, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(201);
    expect((await fromPage(null, keyPath(), keyBody)).status).toBe(201);
    expect(await apiKeyCount()).toBe(before + 5);
  });

  it('lets a bearer API key through from any origin (it is not an ambient credential)', async () => {
    const created = await kit.json<{ data: { key: string } }>(
      await fromPage('http://localhost:8080', keyPath(), {
        name: 'ci',
        scopes: ['links:write', 'links:read'],
      }),
    );
    const res = await kit.call('POST', '/v1/links', {
      headers: { Origin: 'https://evil.example', Authorization: `Bearer ${created.data.key}` },
      body: { destination_url: 'https://example.com/from-a-key' },
    });
    expect(res.status).toBe(201);
  });
});

describe('isSameSiteRequest', () => {
  const allowed = new Set(['http://localhost:5173']);
  const requestUrl = 'http://localhost:8080/api/x';
  it('accepts the request origin and the allowed ones, case-insensitively', () => {
    expect(
      isSameSiteRequest({
        requestUrl,
        origin: 'http://localhost:8080',
        fetchSite: 'cross-site',
        allowedOrigins: allowed,
      }),
    ).toBe(true);
    expect(
      isSameSiteRequest({
        requestUrl,
        origin: 'HTTP://LOCALHOST:5173',
        fetchSite: undefined,
        allowedOrigins: allowed,
      }),
    ).toBe(true);
    expect(
      isSameSiteRequest({
        requestUrl,
        origin: 'http://localhost:5174',
        fetchSite: undefined,
        allowedOrigins: allowed,
      }),
    ).toBe(false);
    expect(
      isSameSiteRequest({ requestUrl, origin: undefined, fetchSite: 'none', allowedOrigins: allowed }),
    ).toBe(true);
  });
});
