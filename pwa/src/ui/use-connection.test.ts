import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { takesEdits as serverTakesEdits } from '@linkhub/shared/schemas/healthz';
import { CHECK_EVERY_MS, nextCheckMs, takesEdits } from './use-connection';

/** A 503 body as the sync-server writes it (sync-server/src/http/healthz.ts). */
const body = (checks: Record<string, string>) =>
  JSON.stringify({
    status: 'unavailable',
    takes_edits: serverTakesEdits(checks),
    checks,
    error: { code: 'service_unavailable' },
  });

describe('takesEdits (the editor’s reading of /healthz)', () => {
  it('counts the server reachable when only the analytics ingest is behind', () => {
    expect(takesEdits(200, JSON.stringify({ status: 'ok' }))).toBe(true);
    expect(takesEdits(503, body({ postgres: 'ok', redis: 'ok', ingest: 'stalled' }))).toBe(true);
  });

  it('counts it unreachable when PostgreSQL or Redis is down, or the answer is not the health answer', () => {
    expect(takesEdits(503, body({ postgres: 'timeout', redis: 'ok', ingest: 'ok' }))).toBe(false);
    expect(takesEdits(503, body({ postgres: 'ok', redis: 'error' }))).toBe(false);
    expect(takesEdits(503, '<html>Bad gateway</html>')).toBe(false);
    expect(takesEdits(502, body({ postgres: 'ok', redis: 'ok', ingest: 'stalled' }))).toBe(false);
    expect(takesEdits(503, JSON.stringify({ checks: null }))).toBe(false);
    expect(takesEdits(503, JSON.stringify({ checks: { ingest: 'stalled' } }))).toBe(false);
    expect(takesEdits(503, body({ postgres: 'ok', redis: 'ok', queue_redis: 'evicting' }))).toBe(false);
    expect(takesEdits(503, JSON.stringify({ takes_edits: 'yes' }))).toBe(false);
  });

  it('never throws, whatever the body', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.oneof(fc.string(), fc.json()), (status, text) => {
        expect(typeof takesEdits(status, text)).toBe('boolean');
      }),
    );
  });
});

describe('nextCheckMs (when the editor asks /healthz again)', () => {
  it('asks every 30 s while the server answers, and soon after a failure: 1 s, doubling to 30 s', () => {
    expect(nextCheckMs(true, null)).toBe(CHECK_EVERY_MS);
    const retries: number[] = [];
    let previous: number | null = null;
    for (let i = 0; i < 8; i += 1) {
      previous = nextCheckMs(false, previous);
      retries.push(previous);
    }
    expect(retries).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(nextCheckMs(true, 16_000)).toBe(CHECK_EVERY_MS);
  });
});
