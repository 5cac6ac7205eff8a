/**
 * bench/sync: initial pull of a 10,000-link workspace (time, bytes), a no-change pull at
 * 100 and at 10,000 links (the second must stay within 2× the first: pull cost must not grow with
 * workspace size when nothing changed), and applying a 1,000-mutation offline queue in one push.
 * Runs against real PostgreSQL and Redis on a database of its own, dropped at the end.
 */
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { createDb, ensureSystemDomains, migrate } from '@linkhub/shared/server/db';
import { withDatabase } from '@linkhub/shared/server/db/testing';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createApp } from '../../sync-server/src/app';
import { closeDeps, createDeps } from '../../sync-server/src/deps';
import { syncServerEnvSchema } from '../../sync-server/src/platform/env';
import { signUpOverHttp } from '../../sync-server/src/testing/sign-up-over-http';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `linkhub_bench_sync_${Date.now().toString(36)}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = withDatabase(adminUrl, dbName);
await migrate(url);
const config = parseEnvOrThrow(syncServerEnvSchema, {
  DATABASE_URL: url,
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `bench${randomUUID().slice(0, 6)}:`,
  PWA_DIST: '/nonexistent',
  LOG_LEVEL: 'silent',
});
const db = createDb(url);
const { linkDomainId } = await ensureSystemDomains(db.db, {
  linkHost: config.LINK_HOST,
  bioHost: config.BIO_HOST,
});
await db.close();
const deps = createDeps(config, { logger: createLogger('bench', { level: 'silent' }) });
const app = createApp(deps);

const post = async (path: string, token: string, body: unknown) => {
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${path} → ${response.status} ${text.slice(0, 300)}`);
  return text;
};

async function workspaceWith(links: number): Promise<{ token: string; workspaceId: string }> {
  const signup = await signUpOverHttp((path, init) => app.request(path, init), {
    email: `bench-${randomUUID().slice(0, 8)}@example.test`,
    password: 'bench password 1234',
    name: 'Bench',
  });
  const workspaceId = signup.workspaceId;
  await deps.pool.query("UPDATE workspaces SET current_plan_key = 'business' WHERE id = $1", [workspaceId]);
  await deps.pool.query(
    `INSERT INTO links (workspace_id, domain_id, slug, destination_url, title, tags)
     SELECT $1::uuid, $2::uuid, 'b' || substr(md5($1::text), 1, 6) || '-' || i, 'https://example.com/product/' || i, 'Product ' || i, ARRAY['bench']
       FROM generate_series(1, $3) AS i`,
    [workspaceId, linkDomainId, links],
  );
  return { token: signup.token, workspaceId };
}

const pullBody = (clientGroupID: string, cookie: unknown) => ({
  pullVersion: 1,
  clientGroupID,
  cookie,
  profileID: 'bench',
  schemaVersion: '',
});

/** A pull as a browser sends it (gzip accepted): time to the last byte, bytes on the wire and decoded. */
async function timedPull(
  token: string,
  group: string,
  cookie: unknown,
): Promise<{ ms: number; bytes: number; wire: number; cookie: unknown }> {
  const start = performance.now();
  const response = await app.request('/replicache/pull', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip',
    },
    body: JSON.stringify(pullBody(group, cookie)),
  });
  const wireBytes = Buffer.from(await response.arrayBuffer());
  const text =
    response.headers.get('content-encoding') === 'gzip'
      ? gunzipSync(wireBytes).toString('utf8')
      : wireBytes.toString('utf8');
  if (response.status !== 200) throw new Error(`pull → ${response.status} ${text.slice(0, 200)}`);
  return {
    ms: performance.now() - start,
    bytes: Buffer.byteLength(text),
    wire: wireBytes.length,
    cookie: (JSON.parse(text) as { cookie: unknown }).cookie,
  };
}

try {
  const small = await workspaceWith(100);
  const large = await workspaceWith(10_000);

  const initial: Array<{ ms: number; bytes: number; wire: number }> = [];
  let largeCookie: unknown = null;
  const largeGroup = `cg-${randomUUID()}`;
  for (let round = 0; round < 3; round += 1) {
    const first = await timedPull(large.token, `cg-${randomUUID()}`, null);
    initial.push(first);
  }
  largeCookie = (await timedPull(large.token, largeGroup, null)).cookie;
  const smallGroup = `cg-${randomUUID()}`;
  const smallCookie = (await timedPull(small.token, smallGroup, null)).cookie;

  const noChange = async (token: string, group: string, cookie: unknown) => {
    const times: number[] = [];
    for (let i = 0; i < 30; i += 1) times.push((await timedPull(token, group, cookie)).ms);
    return median(times);
  };
  // Interleave the two so machine noise hits both alike.
  const smallTimes: number[] = [];
  const largeTimes: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    smallTimes.push(await noChange(small.token, smallGroup, smallCookie));
    largeTimes.push(await noChange(large.token, largeGroup, largeCookie));
  }

  const [link] = (
    await deps.pool.query<{ id: string }>('SELECT id FROM links WHERE workspace_id = $1 LIMIT 1', [
      small.workspaceId,
    ])
  ).rows;
  if (!link) throw new Error('no link');
  const clientID = `c-${randomUUID()}`;
  const mutations = Array.from({ length: 1000 }, (_, i) => ({
    clientID,
    id: i + 1,
    name: 'updateLink',
    args: {
      id: link.id,
      workspace_id: small.workspaceId,
      destination_url: `https://example.com/offline/${i + 1}`,
    },
    timestamp: i,
  }));
  const pushStart = performance.now();
  await post('/replicache/push', small.token, {
    pushVersion: 1,
    clientGroupID: `cg-${randomUUID()}`,
    profileID: 'bench',
    schemaVersion: '',
    mutations,
  });
  const pushMs = performance.now() - pushStart;
  const [applied] = (
    await deps.pool.query<{ destination_url: string }>('SELECT destination_url FROM links WHERE id = $1', [
      link.id,
    ])
  ).rows;
  if (applied?.destination_url !== 'https://example.com/offline/1000') throw new Error('queue not applied');

  const initialMs = median(initial.map((x) => x.ms));
  const initialBytes = median(initial.map((x) => x.bytes));
  const initialWire = median(initial.map((x) => x.wire));
  const smallMs = median(smallTimes);
  const largeMs = median(largeTimes);
  const rows = [
    [
      'initial pull, 10,000 links',
      `${initialMs.toFixed(0)} ms`,
      `${(initialWire / 1e6).toFixed(2)} MB on the wire (gzip), ${(initialBytes / 1e6).toFixed(2)} MB JSON`,
      '≤ 2,000 ms, ≤ 4 MB',
      initialMs <= 2000 && initialWire <= 4e6,
    ],
    ['no-change pull, 100 links', `${smallMs.toFixed(2)} ms`, '', 'baseline', true],
    [
      'no-change pull, 10,000 links',
      `${largeMs.toFixed(2)} ms`,
      `${(largeMs / smallMs).toFixed(2)}× the 100 case`,
      '≤ 2×',
      largeMs <= 2 * smallMs,
    ],
    [
      'push of 1,000 queued mutations',
      `${pushMs.toFixed(0)} ms`,
      `${(pushMs / 1000).toFixed(2)} ms each`,
      '≤ 5,000 ms',
      pushMs <= 5000,
    ],
  ] as const;
  console.log('\n| measure | time | size / ratio | target | met |\n|---|---|---|---|---|');
  for (const [name, time, extra, target, met] of rows)
    console.log(`| ${name} | ${time} | ${extra} | ${target} | ${met ? 'yes' : 'NO'} |`);
  console.log(
    '\n(medians: initial pull of 3 fresh client groups; no-change pulls 5 interleaved rounds of 30)',
  );
} finally {
  await closeDeps(deps);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
