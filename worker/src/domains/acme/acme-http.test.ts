import { createServer, type Server } from 'node:http';
import * as acme from 'acme-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAcmeHttp, isRateLimited, withAcmeProblems } from './acme-http';

/**
 * A real HTTP server standing in for a CA that rate-limits: acme-client must not sleep through the
 * Retry-After in process, and the job must learn the problem type and how long to wait.
 */
let server: Server;
let directoryUrl = '';
let requests = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(429, { 'Content-Type': 'application/problem+json', 'Retry-After': '7200' });
    res.end(
      JSON.stringify({
        type: 'urn:ietf:params:acme:error:rateLimited',
        detail: 'too many certificates already issued for this exact set of domains',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  directoryUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/directory`;
  configureAcmeHttp({ caFile: undefined });
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

describe('ACME over HTTP', () => {
  it('returns a rate limit to the job at once, with its type and Retry-After, instead of sleeping on it', async () => {
    const client = new acme.Client({ directoryUrl, accountKey: await acme.crypto.createPrivateEcdsaKey() });
    const started = Date.now();
    const outcome = await withAcmeProblems(() => client.createAccount({ termsOfServiceAgreed: true }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(requests).toBe(1);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problem).toEqual({
      status: 429,
      type: 'urn:ietf:params:acme:error:rateLimited',
      detail: 'too many certificates already issued for this exact set of domains',
      retryAfterMs: 7_200_000,
    });
    expect(isRateLimited(outcome.problem)).toBe(true);
  });

  it('keeps no problem from one run in the next', async () => {
    const outcome = await withAcmeProblems(async () => 'fine');
    expect(outcome).toEqual({ ok: true, value: 'fine' });
  });
});
