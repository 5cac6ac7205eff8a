import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '@linkhub/shared/schemas/domains';
import { ALL_SCOPES, type Envelope } from '../../sync-server/src/testing/v1-kit';
import { eventually, startDomainStack, type DomainStack } from './stack';

/**
 * Custom domains against a real ACME server (Debian's pebble): a custom domain verified by its TXT
 * record gets a certificate over HTTP-01 answered by the edge, the edge serves it by SNI and a
 * client trusting pebble's root gets the 302; renewal replaces it (the edge reloads without a
 * restart); removal revokes it. Then routing across a removal and re-add, and across workspaces.
 */
let s: DomainStack;
let ownerKey = '';
let otherKey = '';
let root = '';

beforeAll(async () => {
  s = await startDomainStack();
  ownerKey = await s.kit.key(ALL_SCOPES);
  await s.kit.deps.pool.query("UPDATE workspaces SET current_plan_key = 'business' WHERE id = $1", [
    s.kit.other.workspaceId,
  ]);
  otherKey = await s.kit.key(ALL_SCOPES, 'other');
  root = await s.pebble.issuingRoot();
}, 120_000);
afterAll(async () => s?.stop());

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return (JSON.parse(text) as Envelope<T>).data; // test-only: the envelope of our own API
}

const readDomain = async (key: string, id: string) =>
  json<Domain>(await s.kit.api('GET', `/v1/domains/${id}`, { key }), 200);

/** Adds a domain, creates its TXT record at the DNS server, asks for a check now, and waits until it is verified. */
async function verifiedDomain(key: string, hostname: string): Promise<Domain> {
  const added = await json<Domain>(await s.kit.api('POST', '/v1/domains', { key, body: { hostname } }), 201);
  const txt = added.records.find((r) => r.type === 'TXT');
  if (!txt) throw new Error('no TXT record to create');
  expect(added.records).toContainEqual({ type: 'CNAME', name: hostname, value: s.kit.deps.config.LINK_HOST });
  await s.pebble.setTxt(txt.name, txt.value);
  await json<Domain>(await s.kit.api('POST', `/v1/domains/${added.id}/verify`, { key }), 200);
  return eventually(
    () => readDomain(key, added.id),
    (d) => d.status === 'verified',
  );
}

const withCertificate = (key: string, id: string) =>
  eventually(
    () => readDomain(key, id),
    (d) => d.tls_status === 'issued',
    60_000,
  );

async function activeSerial(domainId: string): Promise<string> {
  const { rows } = await s.kit.deps.pool.query<{ serial: string }>(
    "SELECT serial FROM domain_certificates WHERE domain_id = $1 AND status = 'active'",
    [domainId],
  );
  return rows[0]?.serial ?? '';
}

/** A TLS handshake with SNI `host` that trusts only the system roots: pebble's root is not among them. */
function untrustedHandshake(host: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: s.edgeTlsPort, servername: host }, () => {
      socket.end();
      resolve('connected');
    });
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

describe('certificates from a real ACME server', () => {
  let domain: Domain;
  let shortUrl = '';
  let firstSerial = '';

  it('verifies go.brand-example.com by its TXT record, gets a certificate from pebble, and a QR code on it redirects over HTTPS', async () => {
    domain = await verifiedDomain(ownerKey, 'go.brand-example.com');
    expect(domain.verification_seen).toContain('TXT _linkhub-verify.go.brand-example.com');
    const issued = await withCertificate(ownerKey, domain.id);
    expect(issued.tls_last_error).toBeNull();
    expect(Date.parse(issued.tls_expires_at ?? '')).toBeGreaterThan(Date.now());

    const qr = await json<{ short_url: string }>(
      await s.kit.api('POST', '/v1/qr-codes', {
        key: ownerKey,
        body: {
          destination_url: 'https://shop.example.com/spring',
          domain: 'go.brand-example.com',
          slug: 'spring',
        },
      }),
      201,
    );
    shortUrl = qr.short_url;
    const url = new URL(shortUrl);
    expect(url.host).toBe('go.brand-example.com');
    firstSerial = await activeSerial(domain.id);
    const answer = await s.httpsGet('go.brand-example.com', url.pathname, root);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('https://shop.example.com/spring');
    expect(answer.serial).toBe(firstSerial);
    // Stored sealed: neither the PEM nor the key is readable in the row.
    const { rows } = await s.kit.deps.pool.query<{ c: string; k: string }>(
      'SELECT certificate_sealed AS c, private_key_sealed AS k FROM domain_certificates WHERE domain_id = $1',
      [domain.id],
    );
    expect(rows[0]?.c).not.toContain('BEGIN');
    expect(rows[0]?.k).not.toContain('PRIVATE KEY');
    const account = await s.kit.deps.pool.query<{ k: string }>(
      'SELECT account_key_sealed AS k FROM acme_accounts',
    );
    expect(account.rows[0]?.k).not.toContain('PRIVATE KEY');
  });

  it('a client that does not trust pebble cannot complete the handshake, and a host without a certificate gets none', async () => {
    expect(await untrustedHandshake('go.brand-example.com')).toMatch(
      /UNABLE_TO_GET_ISSUER_CERT|SELF_SIGNED|UNABLE_TO_VERIFY/,
    );
    expect(await untrustedHandshake('nothing.brand-example.com')).not.toBe('connected');
  });

  it('renews ahead of expiry from the hourly upkeep; the edge serves the new certificate without a restart', async () => {
    // The stored validity says 10 days are left (the certificate itself is pebble's 5 years): due under the 30-day rule.
    await s.kit.deps.pool.query(
      "UPDATE domain_certificates SET not_before = now() - interval '80 days', not_after = now() + interval '10 days' WHERE domain_id = $1 AND status = 'active'",
      [domain.id],
    );
    await s.worker.jobs.add('domain-upkeep', {}, { jobId: `upkeep-${Date.now()}` });
    const renewed = await eventually(
      () => activeSerial(domain.id),
      (serial) => serial !== '' && serial !== firstSerial,
      60_000,
    );
    const answer = await eventually(
      () => s.httpsGet('go.brand-example.com', new URL(shortUrl).pathname, root),
      (a) => a.serial === renewed,
    );
    expect(answer.status).toBe(302);
    const { rows } = await s.kit.deps.pool.query<{ status: string }>(
      'SELECT status FROM domain_certificates WHERE domain_id = $1 ORDER BY created_at',
      [domain.id],
    );
    expect(rows.map((r) => r.status)).toEqual(['superseded', 'active']);
    // A second upkeep finds nothing due.
    await s.worker.jobs.add('domain-upkeep', {}, { jobId: `upkeep-again-${Date.now()}` });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await activeSerial(domain.id)).toBe(renewed);
  });

  it('removing a domain revokes its certificates at the CA, and the edge stops presenting them', async () => {
    const old = await verifiedDomain(ownerKey, 'old.brand-example.com');
    await withCertificate(ownerKey, old.id);
    const serial = await activeSerial(old.id);
    expect(await s.pebble.certificateStatus(serial)).toBe('Valid');
    expect((await s.httpsGet('old.brand-example.com', '/anything', root)).serial).toBe(serial);

    await json<Domain>(await s.kit.api('DELETE', `/v1/domains/${old.id}`, { key: ownerKey }), 200);
    await eventually(
      () => s.pebble.certificateStatus(serial),
      (status) => status === 'Revoked',
    );
    // The worker marks it after the CA answered.
    const rows = await eventually(
      async () =>
        (
          await s.kit.deps.pool.query<{ status: string; revoked_at: Date | null }>(
            'SELECT status, revoked_at FROM domain_certificates WHERE domain_id = $1',
            [old.id],
          )
        ).rows,
      (r) => r[0]?.status === 'revoked',
    );
    expect(rows).toEqual([{ status: 'revoked', revoked_at: expect.any(Date) }]);
    // The worker tells the edges over pub/sub after the CA answered; the next handshakes fail.
    const handshake = await eventually(
      () =>
        s.httpsGet('old.brand-example.com', '/anything', root).then(
          () => 'served',
          () => 'refused',
        ),
      (outcome) => outcome === 'refused',
    );
    expect(handshake).toBe('refused');
  });
});

describe('when the CA cannot reach the edge', () => {
  it('records why, keeps the domain serving over HTTP, schedules the next attempt, and issues once DNS is fixed and the retry is due', async () => {
    // Its A record points where no edge listens: pebble's HTTP-01 validation cannot connect.
    await s.pebble.setA('away.brand-example.com', '127.0.0.2');
    const away = await verifiedDomain(ownerKey, 'away.brand-example.com');
    const failed = await eventually(
      () => readDomain(ownerKey, away.id),
      (d) => d.tls_last_error !== null,
      60_000,
    );
    expect(failed.tls_status).toBe('pending');
    expect(Date.parse(failed.tls_next_attempt_at ?? '')).toBeGreaterThan(Date.now());
    const next = await s.worker.jobs
      .queue('domain-certificate')
      .getJob(`domain-certificate-${away.id}-issue-2`);
    expect(await next?.getState()).toBe('delayed');
    expect((await s.httpGet('away.brand-example.com', '/')).status).toBe(200);

    await s.pebble.clearA('away.brand-example.com');
    // Its time comes (BullMQ runs the delayed retry now instead of in a minute).
    await next?.promote();
    const issued = await withCertificate(ownerKey, away.id);
    expect(issued.tls_last_error).toBeNull();
  }, 150_000);
});

describe('routing across removal, re-add and workspaces', () => {
  it('a removed and re-added host answers from the workspace that holds it now, on the next request', async () => {
    const mine = await verifiedDomain(ownerKey, 'shared.brand-example.com');
    await json(
      await s.kit.api('POST', '/v1/links', {
        key: ownerKey,
        body: {
          destination_url: 'https://owner.example.com/promo',
          domain: 'shared.brand-example.com',
          slug: 'promo',
        },
      }),
      201,
    );
    expect((await s.httpGet('shared.brand-example.com', '/promo')).location).toBe(
      'https://owner.example.com/promo',
    );

    await json(await s.kit.api('DELETE', `/v1/domains/${mine.id}`, { key: ownerKey }), 200);
    expect((await s.httpGet('shared.brand-example.com', '/promo')).status).toBe(404);

    await s.pebble.clearTxt(`_linkhub-verify.shared.brand-example.com`);
    await verifiedDomain(otherKey, 'shared.brand-example.com');
    await json(
      await s.kit.api('POST', '/v1/links', {
        key: otherKey,
        body: {
          destination_url: 'https://other.example.com/promo',
          domain: 'shared.brand-example.com',
          slug: 'promo',
        },
      }),
      201,
    );
    expect((await s.httpGet('shared.brand-example.com', '/promo')).location).toBe(
      'https://other.example.com/promo',
    );
  });

  it("a domain of workspace A never routes workspace B's slugs, and B cannot put a link on it", async () => {
    await verifiedDomain(ownerKey, 'a-only.brand-example.com');
    await json(
      await s.kit.api('POST', '/v1/links', {
        key: otherKey,
        body: { destination_url: 'https://other.example.com/b', slug: 'b-slug' },
      }),
      201,
    );
    expect((await s.httpGet(s.kit.deps.config.LINK_HOST, '/b-slug')).status).toBe(302);
    expect((await s.httpGet('a-only.brand-example.com', '/b-slug')).status).toBe(404);
    const refused = await s.kit.api('POST', '/v1/links', {
      key: otherKey,
      body: { destination_url: 'https://other.example.com/x', domain: 'a-only.brand-example.com', slug: 'x' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect((await s.httpGet('a-only.brand-example.com', '/x')).status).toBe(404);
  });
});

describe('serving a custom domain', () => {
  it("answers its root and unknown paths in the workspace's look, serves a bio page at its root, and root_handle picks which", async () => {
    const workspaceName = 'Maya Prints Studio';
    await s.kit.deps.pool.query('UPDATE workspaces SET name = $2 WHERE id = $1', [
      s.kit.owner.workspaceId,
      workspaceName,
    ]);
    const domain = await verifiedDomain(ownerKey, 'brand.brand-example.com');
    await json(
      await s.kit.api('PATCH', `/v1/domains/${domain.id}`, { key: ownerKey, body: { purpose: 'all' } }),
      200,
    );

    const bare = await s.httpGet('brand.brand-example.com', '/');
    expect(bare.status).toBe(200);
    expect(bare.body).toContain(workspaceName);
    expect(bare.body).toContain('brand.brand-example.com');
    const missing = await s.httpGet('brand.brand-example.com', '/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain(workspaceName);

    const page = async (handle: string, title: string) => {
      const created = await json<{ id: string }>(
        await s.kit.api('POST', '/v1/pages', {
          key: ownerKey,
          body: { handle, title, domain: 'brand.brand-example.com', blocks: [{ type: 'text', text: title }] },
        }),
        201,
      );
      await json(await s.kit.api('POST', `/v1/pages/${created.id}/publish`, { key: ownerKey }), 200);
    };
    await page('maya', 'Maya Prints');
    await page('studio', 'Maya Studio');
    expect((await s.httpGet('brand.brand-example.com', '/')).body).toContain('Maya Prints');
    expect((await s.httpGet('brand.brand-example.com', '/studio')).body).toContain('Maya Studio');

    const updated = await json<Domain>(
      await s.kit.api('PATCH', `/v1/domains/${domain.id}`, {
        key: ownerKey,
        body: { root_handle: 'studio' },
      }),
      200,
    );
    expect(updated.root_handle).toBe('studio');
    expect((await s.httpGet('brand.brand-example.com', '/')).body).toContain('Maya Studio');

    const refused = await s.kit.api('PATCH', `/v1/domains/${domain.id}`, {
      key: ownerKey,
      body: { root_handle: 'nobody' },
    });
    expect(refused.status).toBe(400);
    const refusal = (await refused.json()) as { error: { code: string; details: unknown[] } }; // the error envelope
    expect(refusal.error.code).toBe('validation_failed');
    expect(refusal.error.details).toEqual([{ field: 'root_handle', issue: 'not_found' }]);
    expect((await s.httpGet('brand.brand-example.com', '/')).body).toContain('Maya Studio');
  });
});
