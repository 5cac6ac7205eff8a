import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { migrate } from '@linkhub/shared/server/db/migrate';
import { adminUrl, withDatabase } from '@linkhub/shared/server/db/testing';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createApp } from '../../sync-server/src/app';
import { closeDeps, createDeps } from '../../sync-server/src/deps';
import { syncServerEnvSchema } from '../../sync-server/src/platform/env';
import { signUpOverHttp } from '../../sync-server/src/testing/sign-up-over-http';
import { median } from '../median';

/**
 * `npm run bench -- auth-timing` (16.9): does a request for a known address take longer than one for
 * an unknown address? For password reset, magic link and sign-up, requests for a known and an
 * unknown address alternate (so drift on a shared machine hits both alike); the table prints each
 * branch's median and p90 in ms and their ratio. The unknown address is the baseline: a ratio near
 * 1.00 means the answer's timing says nothing about the address. Mail goes to a temporary outbox.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

type Row = { door: string; known: number[]; unknown: number[] };

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const name = `linkhub_bench_auth_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const outbox = await mkdtemp(path.join(tmpdir(), 'linkhub-bench-outbox-'));
  const url = withDatabase(adminUrl(), name);
  const config = parseEnvOrThrow(syncServerEnvSchema, {
    DATABASE_URL: url,
    REDIS_PREFIX: `bench-auth-${randomBytes(3).toString('hex')}:`,
    LOG_LEVEL: 'silent',
    PWA_DIST: '/nonexistent-pwa-dist',
    OUTBOX_DIR: outbox,
  });
  const deps = createDeps(config, { logger: createLogger('bench-auth', { level: 'silent' }) });
  try {
    await migrate(url);
    const app = createApp(deps);
    const request = (p: string, init: RequestInit) => app.request(p, init);
    const password = 'bench timing passphrase 7';
    await signUpOverHttp(request, { email: 'known@bench.example', password, name: 'Known' });

    const doors: Array<{
      door: string;
      path: string;
      body: (email: string, i: number) => unknown;
      known: (i: number) => string;
      unknown: (i: number) => string;
    }> = [
      {
        door: 'password reset',
        path: '/api/auth/password-reset',
        body: (email) => ({ email }),
        known: () => 'known@bench.example',
        unknown: (i) => `nobody-${i}@bench.example`,
      },
      {
        door: 'magic link',
        path: '/api/auth/magic-link',
        body: (email) => ({ email }),
        known: () => 'known@bench.example',
        unknown: (i) => `nobody-${i}@bench.example`,
      },
      // Sign-up: a taken address against a new one each time (the new one does create an account).
      {
        door: 'sign-up (taken vs new)',
        path: '/api/auth/signup',
        body: (email) => ({ email, password, name: 'Bench' }),
        known: () => 'known@bench.example',
        unknown: (i) => `new-${i}@bench.example`,
      },
    ];
    const rows: Row[] = [];
    for (const door of doors) {
      const row: Row = { door: door.door, known: [], unknown: [] };
      for (let i = 0; i < ROUNDS; i += 1) {
        const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
        for (const branch of order) {
          const email = branch === 'known' ? door.known(i) : door.unknown(i);
          const t0 = performance.now();
          const res = await request(door.path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(door.body(email, i)),
          });
          await res.arrayBuffer();
          row[branch].push(performance.now() - t0);
          if (res.status !== 202) throw new Error(`${door.path} ${branch}: ${res.status}`);
        }
      }
      rows.push(row);
    }
    await deps.accounts.mailQueue.drain();

    console.log(`\nknown vs unknown address, ${ROUNDS} requests each, in-process (ms)`);
    console.log('| door | known p50 | unknown p50 | known p90 | unknown p90 | p50 ratio |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      const k = median(r.known);
      const u = median(r.unknown);
      console.log(
        `| ${r.door} | ${k.toFixed(2)} | ${u.toFixed(2)} | ${quantile(r.known, 0.9).toFixed(2)} | ${quantile(r.unknown, 0.9).toFixed(2)} | ${(k / u).toFixed(2)} |`,
      );
    }
  } finally {
    await closeDeps(deps);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await rm(outbox, { recursive: true, force: true });
  }
}

await main();
