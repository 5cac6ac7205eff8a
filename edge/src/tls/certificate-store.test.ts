import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_AUTH_SECRET } from '@linkhub/shared/server/crypto/secret-box';
import { certificateBox, tlsChangedChannel } from '@linkhub/shared/server/domains/tls-keys';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createPgLookup, type PgLookup } from '../lookup/pg-lookup';
import { createHarness, type Harness } from '../testing/harness';
import { createCertificateStore, MAX_HOSTS, type CertificateStore } from './certificate-store';

/**
 * The edge's certificates by host, on a real database and Redis: what a verified domain's active
 * row holds is served, a `tls:changed` message drops the copy, and a revoked or removed domain's
 * certificate is not served again.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const box = certificateBox(DEV_AUTH_SECRET);
let h: Harness;
let prefix = '';
let pg: PgLookup;
let subscriber: Redis;
let publisher: Redis;
let store: CertificateStore;
let domainId = '';
let dir = '';

function selfSigned(host: string): { cert: string; key: string } {
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'].concat([
      '-subj',
      `/CN=${host}`,
      '-keyout',
      join(dir, `${host}.key`),
      '-out',
      join(dir, `${host}.pem`),
    ]),
    { stdio: 'ignore' },
  );
  return {
    cert: readFileSync(join(dir, `${host}.pem`), 'utf8'),
    key: readFileSync(join(dir, `${host}.key`), 'utf8'),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'linkhub-cert-store-'));
  h = await createHarness();
  prefix = h.prefix;
  const ws = await h.seed.workspace({ name: 'Maya Prints' });
  pg = createPgLookup({ connectionString: h.db.url, max: 2 });
  const { cert, key } = selfSigned('tls.example.test');
  const { rows } = await h.sql.query<{ id: string }>(
    `INSERT INTO custom_domains (hostname, workspace_id, status, verified_at, verification_method)
     VALUES ('tls.example.test', $1, 'verified', now(), 'dns_txt') RETURNING id`,
    [ws],
  );
  domainId = rows[0]?.id ?? '';
  await h.sql.query(
    `INSERT INTO domain_certificates (domain_id, hostname, certificate_sealed, private_key_sealed, serial, not_before, not_after)
     VALUES ($1, 'tls.example.test', $2, $3, 'AB', now() - interval '1 hour', now() + interval '1 day')`,
    [domainId, box.seal(Buffer.from(cert)), box.seal(Buffer.from(key))],
  );
  subscriber = new Redis(REDIS_URL);
  publisher = new Redis(REDIS_URL);
  store = createCertificateStore({
    find: (host) => pg.findCertificate(host),
    box,
    subscriber,
    prefix,
    logger: createLogger('edge-test', { level: 'silent' }),
  });
  await new Promise((r) => setTimeout(r, 200)); // the subscription is in place
});
afterAll(async () => {
  store.close();
  subscriber.disconnect();
  publisher.disconnect();
  await pg.close();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the edge certificate store', () => {
  it("serves a verified domain's active certificate, once loaded from PostgreSQL", async () => {
    const before = pg.queryCount;
    expect(await store.contextFor('tls.example.test')).not.toBeNull();
    expect(await store.contextFor('tls.example.test')).not.toBeNull();
    expect(pg.queryCount - before).toBe(1);
    expect(await store.contextFor('nothing.example.test')).toBeNull();
  });

  it('drops its copy when the worker announces a change, and then serves what the rows say now', async () => {
    await h.sql.query(
      "UPDATE domain_certificates SET status = 'revoked', revoked_at = now() WHERE domain_id = $1",
      [domainId],
    );
    // Not yet told: the copy is still served.
    expect(await store.contextFor('tls.example.test')).not.toBeNull();
    await publisher.publish(tlsChangedChannel(prefix), 'tls.example.test');
    await expect.poll(() => store.contextFor('tls.example.test')).toBeNull();
  });

  it('holds at most MAX_HOSTS hosts, misses included: random server names cannot grow it', async () => {
    const misses = createCertificateStore({
      find: async () => null,
      box,
      prefix,
      logger: createLogger('test', { level: 'silent' }),
    });
    for (let i = 0; i < MAX_HOSTS + 50; i += 1) await misses.contextFor(`scan-${i}.example.test`);
    expect(misses.size).toBeLessThanOrEqual(MAX_HOSTS);
    misses.close();
  });
});
