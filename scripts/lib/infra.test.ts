import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@linkhub/shared/server/db/migrate';
import { ensurePostgres, type Service } from './infra';
import { freeLocalPort } from '../../worker/src/testing';
import { createDirectPool } from '@linkhub/shared/server/db/pool';

describe('ensurePostgres with no PostgreSQL reachable', () => {
  let dir: string;
  let service: Service;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'linkhub-pglite-'));
    const closed = `postgres://postgres@127.0.0.1:${await freeLocalPort()}/postgres`;
    service = await ensurePostgres({
      allowEmbedded: true,
      allowSystemStart: false,
      url: closed,
      embeddedDataDir: dir,
    });
  }, 120_000);
  afterAll(async () => {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts an embedded PGlite and says so', () => {
    expect(service.kind).toBe('embedded');
    expect(service.startedHere).toBe(true);
    expect(service.description).toMatch(
      /^embedded PostgreSQL \(PGlite\) on 127\.0\.0\.1:\d+, data in .+ — no PostgreSQL was reachable$/,
    );
  });

  it('takes every migration and serves several pooled connections at once', async () => {
    const result = await migrate(service.url);
    expect(result.applied.length).toBeGreaterThan(10);
    const pool = createDirectPool(service.url, 4);
    try {
      const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      const answers = await Promise.all(
        clients.map((c, i) => c.query<{ n: number }>('SELECT $1::int AS n', [i])),
      );
      expect(answers.map((a) => a.rows[0]?.n)).toEqual([0, 1, 2]);
      for (const c of clients) c.release();
      // pgcrypto is loaded (0001_init needs it).
      const digest = await pool.query<{ h: string }>("SELECT encode(digest('x', 'sha256'), 'hex') AS h");
      expect(digest.rows[0]?.h).toHaveLength(64);
    } finally {
      await pool.end();
    }
  }, 120_000);

  it('refuses with an install hint when embedding is not allowed', async () => {
    const closed = `postgres://postgres@127.0.0.1:${await freeLocalPort()}/postgres`;
    await expect(
      ensurePostgres({ allowEmbedded: false, allowSystemStart: false, url: closed }),
    ).rejects.toThrow(/apt-get install -y postgresql/);
  });
});
