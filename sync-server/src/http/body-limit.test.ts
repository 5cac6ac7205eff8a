import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKit, type Kit } from '../testing/accounts-kit';
import { MAX_BODY_BYTES, MAX_PUSH_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from './body-limit';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.stop();
});

const CHUNK = 64 * 1024;
const FIFTY_MB = 50 * 1024 * 1024;

/** A body of `total` bytes handed out 64 KiB at a time, counting how much the server pulled. */
function countedBody(total: number): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(CHUNK, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { body, pulled: () => sent };
}

async function send(
  method: string,
  path: string,
  body: ReadableStream<Uint8Array> | string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return kit.app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
}

type Refusal = {
  error: { code: string; details: Array<{ field: string; issue: string; maximum?: number }> };
};

describe('body limits on every route, before authentication', () => {
  it('refuses a declared 50 MB login body with 413 and the limit, without reading it', async () => {
    const { body, pulled } = countedBody(FIFTY_MB);
    const res = await send('POST', '/api/auth/login', body, { 'Content-Length': String(FIFTY_MB) });
    expect(res.status).toBe(413);
    const refusal = (await res.json()) as Refusal;
    expect(refusal.error.code).toBe('request_too_large');
    expect(refusal.error.details[0]).toMatchObject({
      field: 'body',
      issue: 'too_large',
      maximum: MAX_BODY_BYTES,
    });
    // At most what the stream buffered ahead of the server; nowhere near the body.
    expect(pulled()).toBeLessThanOrEqual(2 * CHUNK);
  });

  it('stops reading a streamed 50 MB login body (no Content-Length) just past the limit', async () => {
    const { body, pulled } = countedBody(FIFTY_MB);
    const res = await send('POST', '/api/auth/login', body);
    expect(res.status).toBe(413);
    expect(((await res.json()) as Refusal).error.code).toBe('request_too_large');
    expect(pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * CHUNK);
  });

  it('answers 413 rather than 401 on authenticated routes: the size is checked before any session or key', async () => {
    const big = 'x'.repeat(MAX_BODY_BYTES + 1);
    for (const path of ['/api/workspaces', '/v1/links', '/replicache/pull', '/api/sessions/revoke-others']) {
      const res = await send('POST', path, big);
      expect(res.status, path).toBe(413);
      expect(((await res.json()) as Refusal).error.details[0]?.maximum, path).toBe(MAX_BODY_BYTES);
    }
  });

  it('gives uploads and pushes their own larger limit', async () => {
    const mid = 'x'.repeat(MAX_BODY_BYTES * 2);
    // Within their limit, the request goes on to authentication.
    expect((await send('POST', '/v1/assets', mid, { 'Content-Type': 'image/png' })).status).toBe(401);
    expect((await send('POST', '/replicache/push', mid)).status).toBe(401);
    const tooBigUpload = await send('POST', '/v1/assets', 'x'.repeat(MAX_UPLOAD_BODY_BYTES + 1), {
      'Content-Type': 'image/png',
    });
    expect(tooBigUpload.status).toBe(413);
    expect(((await tooBigUpload.json()) as Refusal).error.details[0]?.maximum).toBe(MAX_UPLOAD_BODY_BYTES);
    const tooBigPush = await send('POST', '/replicache/push', 'x'.repeat(MAX_PUSH_BODY_BYTES + 1));
    expect(tooBigPush.status).toBe(413);
    expect(((await tooBigPush.json()) as Refusal).error.details[0]?.maximum).toBe(MAX_PUSH_BODY_BYTES);
  });
});
