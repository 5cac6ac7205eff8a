import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

/** A stream that keeps every line pino writes, so the test reads the real output. */
function capture(): { stream: Writable; lines: () => string[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, lines: () => chunks.join('').split('\n').filter(Boolean) };
}

const SECRET = 'lh_live_9f8e7d6c5b4a3210';
const IP = '203.0.113.77';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1';

describe('createLogger', () => {
  it('writes one JSON line per call with the service name and a level word', () => {
    const out = capture();
    const log = createLogger('sync-server', { destination: out.stream });
    log.info({ request_id: 'r1' }, 'hello');
    const lines = out.lines();
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(line).toMatchObject({ service: 'sync-server', level: 'info', msg: 'hello', request_id: 'r1' });
    expect(typeof line.time).toBe('string');
  });

  it('never prints a secret, an IP or a User-Agent, wherever they sit in the log object', () => {
    const out = capture();
    const log = createLogger('edge', { destination: out.stream });
    log.info(
      {
        req: {
          method: 'GET',
          url: '/abc',
          remoteAddress: IP,
          headers: {
            authorization: `Bearer ${SECRET}`,
            cookie: `lh_session=${SECRET}`,
            'user-agent': UA,
            'x-forwarded-for': IP,
          },
        },
        visitor: { ip: IP, user_agent: UA, userAgent: UA },
        user: { email: 'a@b.test', password: SECRET, totp_secret: SECRET },
        token: SECRET,
        ip: IP,
      },
      'request',
    );
    log.warn({ api_key: SECRET, webhook: { secret: SECRET } }, 'second');
    const text = out.lines().join('\n');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(IP);
    expect(text).not.toContain('iPhone');
    expect(text).toContain('[redacted]');
    // What is not sensitive stays readable.
    const first = JSON.parse(out.lines()[0] ?? '') as {
      req: { url: string; headers: Record<string, string> };
      user: { email: string };
    };
    expect(first.req.url).toBe('/abc');
    expect(first.user.email).toBe('a@b.test');
    expect(first.req.headers['user-agent']).toBe('[redacted]');
  });

  it('is silent at level silent', () => {
    const out = capture();
    createLogger('worker', { destination: out.stream, level: 'silent' }).error('nothing');
    expect(out.lines()).toHaveLength(0);
  });
});
