/**
 * Where one `POST /v1/links` spends its time: every PostgreSQL statement and Redis command of N
 * serial creates, timed where it is sent and grouped by what it is for, with the per-request
 * totals. `npx tsx bench/api/profile.ts [--requests 300] [--idempotency]`
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Redis } from 'ioredis';
import { CommandRunner } from '../../sync-server/src/kernel/runner';
import { cachedResolver, type ResolveHost } from '../../sync-server/src/kernel/destination-safety';
import { startBenchStack } from './setup';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
/** Under the business plan's 3,000 requests a minute per key, so no 429 is measured. */
const REQUESTS = Math.min(2_500, Number(arg('--requests') ?? 300));
const IDEMPOTENCY = process.argv.includes('--idempotency');
/** Profile `POST /v1/links/bulk` (100 links a request) instead; "per request" then means per link. */
const BULK = process.argv.includes('--bulk');
/**
 * `--dns-ms 20`: every DNS answer takes that long (a stand-in for a real resolver; none is reachable
 * here), behind the production answer cache; `--dns-uncached` leaves the cache out, which is how
 * lookups behaved before they were warmed ahead of the transaction (each one asked, one by one).
 */
const DNS_MS = Number(arg('--dns-ms') ?? 0);
const DNS_CACHED = !process.argv.includes('--dns-uncached');

type Bucket = { count: number; ms: number };
const buckets = new Map<string, Bucket>();
let recording = false;
const record = (label: string, ms: number): void => {
  if (!recording) return;
  const b = buckets.get(label) ?? { count: 0, ms: 0 };
  b.count += 1;
  b.ms += ms;
  buckets.set(label, b);
};

/** What a statement is for, from its text (the order matters: first match wins). */
const SQL_LABELS: Array<[RegExp, string]> = [
  [/^(BEGIN|COMMIT|ROLLBACK)/i, 'tx BEGIN/COMMIT'],
  [/^(SAVEPOINT|RELEASE|ROLLBACK TO)/i, 'tx savepoint'],
  [/FROM api_keys k WHERE k\.key_hash/i, 'auth: api key lookup'],
  [/UPDATE api_keys SET last_used_at/i, 'auth: api key touch'],
  [/SELECT current_plan_key AS plan FROM workspaces/i, 'rate limit: plan read'],
  [/idempotency_keys/i, 'idempotency'],
  [/FROM workspaces|FROM billing_accounts/i, 'authorize: workspace'],
  [
    /FROM workspace_members m WHERE m\.workspace_id = \$1 AND m\.user_id|resource_grants/i,
    'authorize/grant: membership',
  ],
  [/count\(\*\)|quota|FROM links WHERE workspace_id = \$1 AND/i, 'authorize: quota usage'],
  [/FROM custom_domains WHERE is_system|FROM custom_domains\s+WHERE id/i, 'command: host lookup'],
  [/EXISTS \(SELECT 1 FROM links WHERE domain_id/i, 'command: free slug'],
  [/^\s*INSERT INTO links/i, 'command: INSERT link'],
  [/INSERT INTO link_versions/i, 'command: INSERT version'],
  [/INSERT INTO audit_log_entries/i, 'command: INSERT audit'],
  [/FROM workspace_members WHERE workspace_id = ANY/i, 'post-commit: poke members'],
  [
    /FROM links l JOIN custom_domains d ON d\.id = l\.domain_id\s+WHERE l\.id = \$1 AND l\.workspace_id/i,
    'response: re-read link',
  ],
];
const labelSql = (text: string): string =>
  SQL_LABELS.find(([re]) => re.test(text.trim()))?.[1] ??
  `sql: ${text.trim().replace(/\s+/g, ' ').slice(0, 70)}`;

// Instrument every pg client (pool clients are pg.Client) and every ioredis connection.
type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
const clientProto = pg.Client.prototype as unknown as { query: QueryFn };
const originalQuery = clientProto.query;
clientProto.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text =
    typeof first === 'string'
      ? first
      : typeof first === 'object' && first !== null && 'text' in first
        ? String(first.text)
        : '';
  const started = performance.now();
  const done = (): void => record(labelSql(text), performance.now() - started);
  const last = args.length - 1;
  const callback = args[last];
  // pg.Pool#query passes a callback (and gets no promise back).
  if (typeof callback === 'function')
    args[last] = (...results: unknown[]) => {
      done();
      return (callback as (...r: unknown[]) => unknown)(...results);
    };
  const result = originalQuery.apply(this, args);
  if (result instanceof Promise) void result.then(done, () => undefined);
  return result;
};
type SendFn = (this: Redis, command: { name: string; args: unknown[]; promise: Promise<unknown> }) => unknown;
const redisProto = Redis.prototype as unknown as { sendCommand: SendFn };
const originalSend = redisProto.sendCommand;
redisProto.sendCommand = function (this: Redis, command) {
  // Blocking reads of queue workers wait for work; they are not part of a request.
  if (/^(bzpopmin|brpoplpush|blmove|xread|xreadgroup|subscribe|psubscribe)$/i.test(command.name))
    return originalSend.call(this, command);
  const started = performance.now();
  const result = originalSend.call(this, command);
  const script =
    command.name === 'eval'
      ? ` (${String(command.args[0] ?? '').includes('ZREMRANGEBYSCORE') ? 'rate limit' : 'script'})`
      : command.name === 'evalsha'
        ? ' (BullMQ script)'
        : '';
  void command.promise.then(
    () => record(`redis ${command.name}${script}`, performance.now() - started),
    () => undefined,
  );
  return result;
};

// Wall-clock phases of the command layer (they overlap the statements above, so apart from them).
const phases = new Map<string, number>();
const timePhase = (name: 'inTransaction' | 'flush'): void => {
  const proto = CommandRunner.prototype as unknown as Record<
    string,
    (...args: unknown[]) => Promise<unknown>
  >;
  const original = proto[name];
  if (!original) return;
  let depth = 0;
  proto[name] = async function (this: CommandRunner, ...args: unknown[]) {
    const started = performance.now();
    depth += 1;
    try {
      return await original.apply(this, args);
    } finally {
      depth -= 1;
      // Only the outermost call: the lanes of one bulk flush overlap.
      if (recording && depth === 0) phases.set(name, (phases.get(name) ?? 0) + performance.now() - started);
    }
  };
};
timePhase('inTransaction');
timePhase('flush');

const slowDns: ResolveHost = async () => {
  await new Promise((resolve) => setTimeout(resolve, DNS_MS));
  return ['93.184.216.34'];
};
const stack = await startBenchStack(
  1,
  DNS_MS > 0 ? { resolveHost: DNS_CACHED ? cachedResolver(slowDns) : slowDns } : {},
);
try {
  const key = stack.keys[0] ?? '';
  let serial = 0;
  const createBulk = async (): Promise<number> => {
    const links = Array.from({ length: 100 }, () => ({
      destination_url: `https://shop-${serial % 250}.example.com/p/${serial++}`,
      title: 'Bench',
      tags: ['bench'],
    }));
    const res = await stack.app.request('/v1/links/bulk', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ links }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`POST /v1/links/bulk: ${res.status}`);
    return res.status;
  };
  const createOne = async (): Promise<number> => {
    const res = await stack.app.request('/v1/links', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${key}`,
        ...(IDEMPOTENCY ? { 'Idempotency-Key': `k-${serial}` } : {}),
      },
      body: JSON.stringify({
        destination_url: `https://example.com/p/${serial++}`,
        title: 'Bench',
        tags: ['bench'],
      }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`POST /v1/links: ${res.status}`);
    return res.status;
  };
  const create = BULK ? createBulk : createOne;
  for (let i = 0; i < (BULK ? 2 : 50); i += 1) await create();
  recording = true;
  const started = performance.now();
  const requests = BULK ? Math.ceil(REQUESTS / 100) : REQUESTS;
  for (let i = 0; i < requests; i += 1) await create();
  const total = performance.now() - started;
  const perLink = BULK ? requests * 100 : REQUESTS;
  recording = false;
  const rows = [...buckets.entries()].sort((a, b) => b[1].ms - a[1].ms);
  const dns =
    DNS_MS > 0 ? `, DNS ${DNS_MS} ms a lookup${DNS_CACHED ? ' (cached resolver)' : ' (uncached)'}` : '';
  const what = BULK
    ? `POST /v1/links/bulk, ${requests} serial requests of 100 links`
    : `POST /v1/links, ${REQUESTS} serial requests${IDEMPOTENCY ? ' with Idempotency-Key' : ''}`;
  console.log(
    `\n${what}${dns}: ${(total / perLink).toFixed(3)} ms per link (${(perLink / (total / 1000)).toFixed(0)} links/s)\n`,
  );
  console.log(`| what | calls per link | ms per link | share |`);
  console.log('|---|---:|---:|---:|');
  let accounted = 0;
  for (const [label, b] of rows) {
    accounted += b.ms;
    console.log(
      `| ${label} | ${(b.count / perLink).toFixed(2)} | ${(b.ms / perLink).toFixed(3)} | ${((100 * b.ms) / total).toFixed(1)} % |`,
    );
  }
  for (const [name, ms] of phases)
    console.log(
      `| phase (wall clock): CommandRunner.${name}${name === 'inTransaction' ? ' (BEGIN … COMMIT, every statement of the commands)' : ' (post-commit effects; the bulk runs several at once)'} | | ${(ms / perLink).toFixed(3)} | ${((100 * ms) / total).toFixed(1)} % |`,
    );
  console.log(
    `| everything else (JS: parse, zod, authorize, serialise, Hono; negative when calls overlap) | | ${((total - accounted) / perLink).toFixed(3)} | ${((100 * (total - accounted)) / total).toFixed(1)} % |`,
  );
} finally {
  await stack.close();
}
