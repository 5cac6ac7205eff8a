import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startKit, type Kit } from '../../testing/accounts-kit';
import type { AccountMailJob } from '../../identity/account-mail-queue';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
  await kit.signUp('known@example.com');
});
afterAll(async () => {
  await kit.stop();
});

type Trace = { sql: string[]; jobs: Array<{ kind: string; keys: string[] }> };

/**
 * Records what one request does with PostgreSQL (every statement's text) and with the mail queue
 * (every job: its kind and the shape of its data) — the work that would make a known and an
 * unknown address take different time. It wraps the real pool and queue; nothing is replaced.
 */
async function trace(run: () => Promise<Response>): Promise<{ trace: Trace; status: number; body: string }> {
  const pool = kit.deps.pool;
  const queue = kit.deps.accounts.mailQueue;
  const originalQuery = pool.query.bind(pool);
  const originalConnect = pool.connect.bind(pool);
  const originalEnqueue = queue.enqueue;
  const recorded: Trace = { sql: [], jobs: [] };
  const record = (text: unknown) =>
    recorded.sql.push(typeof text === 'string' ? text : String(Reflect.get(Object(text), 'text')));
  await kit.drainMail();
  pool.query = ((...args: Parameters<typeof originalQuery>) => {
    record(args[0]);
    return originalQuery(...args);
  }) as typeof pool.query; // same signature, forwarding every call
  // Transactions run on a checked-out client: record its statements until it is released.
  // pool.query checks out with a callback (recorded above already); only promise check-outs are wrapped.
  const callbackConnect = pool.connect;
  pool.connect = ((...args: unknown[]) =>
    args.length > 0 ? Reflect.apply(callbackConnect, pool, args) : wrappedConnect()) as typeof pool.connect;
  const wrappedConnect = async () => {
    const client = await originalConnect();
    const clientQuery = client.query.bind(client);
    const release = client.release.bind(client);
    client.query = ((...args: Parameters<typeof clientQuery>) => {
      record(args[0]);
      return clientQuery(...args);
    }) as typeof client.query;
    client.release = (err?: Error | boolean) => {
      client.query = clientQuery as typeof client.query;
      client.release = release;
      return release(err);
    };
    return client;
  };
  queue.enqueue = async (job: AccountMailJob) => {
    recorded.jobs.push({ kind: job.kind, keys: Object.keys(job).sort() });
    return originalEnqueue(job);
  };
  try {
    const res = await run();
    return { trace: recorded, status: res.status, body: await res.text() };
  } finally {
    pool.query = originalQuery;
    pool.connect = callbackConnect;
    queue.enqueue = originalEnqueue;
  }
}

const sameId = { 'X-Request-Id': 'req_enumeration_probe' };

describe('known and unknown addresses look the same (16.9)', () => {
  for (const path of ['/api/auth/password-reset', '/api/auth/magic-link']) {
    it(`${path}: the same answer, the same database work and the same queued job`, async () => {
      const known = await trace(() =>
        kit.call('POST', path, { body: { email: 'known@example.com' }, headers: sameId }),
      );
      const unknown = await trace(() =>
        kit.call('POST', path, { body: { email: 'nobody-here@example.com' }, headers: sameId }),
      );
      expect(known.status).toBe(202);
      expect(unknown.body).toBe(known.body);
      expect(unknown.trace).toEqual(known.trace);
      expect(known.trace.jobs).toHaveLength(1);
    });
  }

  it('sign-up with a taken address answers exactly like a new one, creates nothing, and mails the owner instead', async () => {
    const taken = await trace(() =>
      kit.call('POST', '/api/auth/signup', {
        body: { email: 'known@example.com', password: 'an attacker passphrase 9', name: 'Mallory' },
        headers: sameId,
      }),
    );
    const fresh = await trace(() =>
      kit.call('POST', '/api/auth/signup', {
        body: { email: 'fresh@example.com', password: PASSWORD, name: 'Fresh' },
        headers: sameId,
      }),
    );
    expect(taken.status).toBe(202);
    expect(fresh.status).toBe(202);
    expect(JSON.parse(taken.body)).toEqual({
      data: { ...JSON.parse(fresh.body).data, email: 'known@example.com' },
    });
    expect(taken.trace.jobs).toEqual(fresh.trace.jobs);
    // The same statements in the same order; only the end of the transaction differs (the taken branch rehearses and rolls back).
    const shape = (sql: string[]) => sql.map((q) => (q === 'COMMIT' || q === 'ROLLBACK' ? 'END' : q));
    expect(fresh.trace.sql.length).toBeGreaterThan(4);
    expect(shape(taken.trace.sql)).toEqual(shape(fresh.trace.sql));

    const { rows } = await kit.deps.pool.query<{ name: string }>(
      "SELECT name FROM users WHERE email = 'known@example.com'",
    );
    expect(rows).toEqual([{ name: 'known' }]);
    expect(
      (
        await kit.call('POST', '/api/auth/login', {
          body: { email: 'known@example.com', password: 'an attacker passphrase 9' },
        })
      ).status,
    ).toBe(401);

    const notice = await kit.smtp.waitFor('known@example.com', (m) => m.subject.includes('tried to sign up'));
    expect(notice.text).toContain('already has one');
    const verification = await kit.smtp.waitFor('fresh@example.com', (m) => m.subject.includes('Verify'));
    expect(verification.text).toContain('/api/auth/verify-email?token=');
  });

  it('a second sign-up for a never-confirmed address sends the verification mail again, not the notice', async () => {
    await kit.call('POST', '/api/auth/signup', {
      body: { email: 'unconfirmed@example.com', password: PASSWORD, name: 'U' },
    });
    await kit.call('POST', '/api/auth/signup', {
      body: { email: 'unconfirmed@example.com', password: PASSWORD, name: 'U' },
    });
    await kit.drainMail();
    const mails = kit.smtp.messages.filter((m) => m.to.includes('unconfirmed@example.com'));
    expect(mails.map((m) => m.subject)).toEqual([
      'Verify your LinkHub email address',
      'Verify your LinkHub email address',
    ]);
  });
});
