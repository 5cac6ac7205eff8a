/* eslint-disable no-restricted-imports -- test-only: seeds rows with plain SQL and clones the test database; never imported by the service */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import pg from 'pg';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { openGeo, type GeoLookup } from '@linkhub/shared/server/analytics/geo';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createEdgeService, type EdgeDeps, type EdgeService } from '../app';

type EdgeApp = EdgeService['app'];
import type { EdgeBindings } from '../request/request-view';
import { createHotCache, type HotCache } from '../lookup/hot-cache';
import { createPgLookup, type PgLookup } from '../lookup/pg-lookup';
import { createMetrics, type EdgeMetrics } from '../metrics';

export const LINK_HOST = 'lnk.localhost';
export const BIO_HOST = 'bio.localhost';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A Redis client as the edge makes it: fails fast while disconnected. */
export function edgeRedis(url = REDIS_URL): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  return redis;
}

export async function ready(redis: RedisClient): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    redis.once('ready', () => resolve());
    redis.once('end', () => reject(new Error('redis connection ended')));
  });
}

/** A Redis client and a lookup pointed at a port where nothing listens. */
export function unreachableRedis(): Redis {
  const redis = new Redis({
    port: 1,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  return redis;
}
export function unreachablePg(): PgLookup {
  return createPgLookup({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectTimeoutMs: 300 });
}

let geoPromise: Promise<GeoLookup> | null = null;
export function sharedGeo(): Promise<GeoLookup> {
  geoPromise ??= openGeo().then((r) => r.geo);
  return geoPromise;
}

type Row = Record<string, unknown>;

/** Inserts rows with plain SQL, respecting the schema's invariants. */
export class Seeder {
  constructor(readonly sql: pg.Pool) {}

  async one(text: string, values: unknown[] = []): Promise<Row> {
    const { rows } = await this.sql.query<Row>(text, values);
    const [row] = rows;
    if (!row) throw new Error(`no row from: ${text}`);
    return row;
  }

  async systemDomains(): Promise<{ linkDomainId: string; bioDomainId: string }> {
    const insert = `INSERT INTO custom_domains (hostname, workspace_id, is_system, purpose, status, verification_method, verified_at, tls_status)
      VALUES ($1, NULL, true, $2, 'verified', 'system', now(), 'not_required') RETURNING id`;
    const link = await this.one(insert, [LINK_HOST, 'links']);
    const bio = await this.one(insert, [BIO_HOST, 'bio']);
    return { linkDomainId: String(link.id), bioDomainId: String(bio.id) };
  }

  /** A user, billing account, workspace and owner member in one transaction (the owner check is deferred). */
  async workspace(input: { name?: string; time_zone?: string; holding_page?: Row } = {}): Promise<string> {
    const client = await this.sql.connect();
    try {
      await client.query('BEGIN');
      const user = await client.query<Row>(
        `INSERT INTO users (email, name) VALUES ($1, 'Owner') RETURNING id`,
        [`owner-${randomUUID()}@example.test`],
      );
      const userId = user.rows[0]?.id;
      const account = await client.query<Row>(
        `INSERT INTO billing_accounts (owner_user_id) VALUES ($1) RETURNING id`,
        [userId],
      );
      const ws = await client.query<Row>(
        `INSERT INTO workspaces (name, slug, owner_user_id, billing_account_id, time_zone, holding_page) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          input.name ?? 'Acme',
          `ws-${randomUUID().slice(0, 12)}`,
          userId,
          account.rows[0]?.id,
          input.time_zone ?? 'UTC',
          JSON.stringify(input.holding_page ?? {}),
        ],
      );
      const workspaceId = ws.rows[0]?.id;
      await client.query(
        `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')`,
        [workspaceId, userId],
      );
      await client.query('COMMIT');
      return String(workspaceId);
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  }

  async customDomain(
    workspaceId: string,
    hostname: string,
    purpose: 'links' | 'bio' | 'all' = 'links',
  ): Promise<string> {
    const row = await this.one(
      `INSERT INTO custom_domains (hostname, workspace_id, is_system, purpose, status, verification_method, verified_at)
       VALUES ($1, $2, false, $3, 'verified', 'dns_txt', now()) RETURNING id`,
      [hostname, workspaceId, purpose],
    );
    return String(row.id);
  }

  /** A link; `columns` are raw column values (jsonb given as objects). */
  async link(
    workspaceId: string,
    domainId: string,
    slug: string,
    destination: string,
    columns: Row = {},
  ): Promise<string> {
    return this.insert('links', {
      workspace_id: workspaceId,
      domain_id: domainId,
      slug,
      destination_url: destination,
      ...columns,
    });
  }

  async qr(
    workspaceId: string,
    domainId: string,
    slug: string,
    destination: string | null,
    columns: Row = {},
  ): Promise<string> {
    return this.insert('qr_codes', {
      workspace_id: workspaceId,
      domain_id: domainId,
      slug,
      destination_url: destination,
      ...columns,
    });
  }

  async experiment(
    workspaceId: string,
    linkId: string,
    variants: Array<{ key: string; weight: number; url: string }>,
  ): Promise<{ id: string; variantIds: string[] }> {
    const exp = await this.one(
      `INSERT INTO experiments (workspace_id, resource_type, resource_id, name, status, started_at) VALUES ($1, 'link', $2, 'Test', 'running', now()) RETURNING id`,
      [workspaceId, linkId],
    );
    const variantIds: string[] = [];
    for (const v of variants) {
      const row = await this.one(
        `INSERT INTO experiment_variants (experiment_id, workspace_id, key, name, weight, destination_url) VALUES ($1, $2, $3, $3, $4, $5) RETURNING id`,
        [exp.id, workspaceId, v.key, v.weight, v.url],
      );
      variantIds.push(String(row.id));
    }
    await this.sql.query(`UPDATE links SET experiment_id = $1 WHERE id = $2`, [exp.id, linkId]);
    return { id: String(exp.id), variantIds };
  }

  async page(workspaceId: string, domainId: string, handle: string, snapshot: Row): Promise<string> {
    return this.insert('bio_pages', {
      workspace_id: workspaceId,
      domain_id: domainId,
      handle,
      title: 'Page',
      published_snapshot: snapshot,
      published_at: new Date(),
      published_revision: 1,
    });
  }

  private async insert(table: string, values: Row): Promise<string> {
    const names = Object.keys(values);
    const params = names.map((name) => {
      const v = values[name];
      return v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;
    });
    const row = await this.one(
      `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      params,
    );
    return String(row.id);
  }
}

export type Harness = {
  db: TestDatabase;
  sql: pg.Pool;
  seed: Seeder;
  prefix: string;
  /** A plain client for assertions and for writing keys as the command layer would. */
  redis: Redis;
  domains: { linkDomainId: string; bioDomainId: string };
  /** Builds an edge app on this database and Redis prefix (override any dependency). */
  /**
   * Builds an edge app on this database and Redis prefix (override any dependency). Like the running
   * service it has a hot cache, unless `redis` is overridden (a store that is down) or `hotCache: undefined` is given.
   */
  app(overrides?: Partial<EdgeDeps>): {
    app: EdgeApp;
    service: EdgeService;
    lookup: PgLookup;
    metrics: EdgeMetrics;
    edgeRedis: RedisClient;
    hotCache: HotCache | undefined;
  };
  close(): Promise<void>;
};

export async function createHarness(): Promise<Harness> {
  const db = await createTestDatabase();
  const sql = new pg.Pool({ connectionString: db.url, max: 3 });
  // An idle client whose connection the server ends (the database dropped at close) must not crash the test run.
  sql.on('error', () => undefined);
  const seed = new Seeder(sql);
  const prefix = testRedisPrefix();
  const redis = new Redis(REDIS_URL);
  const domains = await seed.systemDomains();
  const geo = await sharedGeo();
  const opened: Array<{ lookup: PgLookup; edgeRedis: RedisClient; hotCache: HotCache | undefined }> = [];
  return {
    db,
    sql,
    seed,
    prefix,
    redis,
    domains,
    app(overrides = {}) {
      const lookup = overrides.pg ?? createPgLookup({ connectionString: db.url, max: 3 });
      const client = overrides.redis ?? edgeRedis();
      const metrics = overrides.metrics ?? createMetrics();
      const hotCache =
        'hotCache' in overrides || overrides.redis
          ? overrides.hotCache
          : createHotCache({ url: REDIS_URL, prefix });
      opened.push({ lookup, edgeRedis: client, hotCache });
      const service = createEdgeService({
        redis: client,
        redisPrefix: prefix,
        pg: lookup,
        linkHost: LINK_HOST,
        bioHost: BIO_HOST,
        trustedProxies: parseTrustedProxies(''),
        geo,
        capture: true,
        logger: createLogger('edge-test', { level: 'silent' }),
        ...overrides,
        hotCache,
        metrics,
      });
      return { app: service.app, service, lookup, metrics, edgeRedis: client, hotCache };
    },
    async close() {
      for (const { lookup, edgeRedis: client, hotCache } of opened) {
        client.disconnect();
        hotCache?.close();
        await lookup.close().catch(() => undefined);
      }
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await sql.end();
      await db.drop();
    },
  };
}

/** GET through the app in-process with a Host header and, optionally, a socket address. */
export function visit(
  app: EdgeApp,
  host: string,
  path: string,
  options: { headers?: Record<string, string>; ip?: string } = {},
): Promise<Response> {
  const env: EdgeBindings | undefined =
    options.ip === undefined ? undefined : { incoming: { socket: { remoteAddress: options.ip } } };
  return Promise.resolve(
    app.request(`http://${host}${path}`, { headers: { host, ...options.headers } }, env),
  );
}
