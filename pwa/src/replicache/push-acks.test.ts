import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushRequestV1 } from 'replicache';
import { ackingPusher, PushAcks } from './push-acks';

/**
 * The network side of a push, as the sync-server's push door answers it (routes/replicache.ts): a
 * 200 naming each client's last committed mutation id, or an error status. It records what it got.
 */
let server: Server;
let url = '';
const received: Array<{ auth: string | undefined; body: PushRequestV1 }> = [];
let answer: { status: number; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(text) as PushRequestV1 });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/replicache/push`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const push = (mutations: Array<{ clientID: string; id: number }>): PushRequestV1 => ({
  pushVersion: 1,
  clientGroupID: 'group',
  profileID: 'profile',
  schemaVersion: '',
  mutations: mutations.map((m) => ({ ...m, name: 'updateLink', args: {}, timestamp: 1 })),
});

describe('PushAcks', () => {
  it('counts a change saved up to the id the server answered for its client, and tells listeners once it moves', () => {
    const acks = new PushAcks();
    let heard = 0;
    const stop = acks.subscribe(() => (heard += 1));
    expect(acks.isSaved({ clientID: 'a', id: 1 })).toBe(false);
    acks.record({ a: 3 });
    expect([1, 3, 4].map((id) => acks.isSaved({ clientID: 'a', id }))).toEqual([true, true, false]);
    expect(acks.isSaved({ clientID: 'b', id: 1 })).toBe(false);
    // An older answer arriving late moves nothing back.
    acks.record({ a: 2 });
    expect(acks.isSaved({ clientID: 'a', id: 3 })).toBe(true);
    expect(heard).toBe(1);
    stop();
    acks.record({ a: 9 });
    expect(heard).toBe(1);
  });
});

describe('ackingPusher', () => {
  it('sends as Replicache does, records the answer, and does not send again what the server already answered for', async () => {
    const acks = new PushAcks();
    const pusher = ackingPusher(acks, url, () => 'Bearer t0ken');
    received.length = 0;
    answer = { status: 200, body: JSON.stringify({ lastMutationIDs: { a: 2 } }) };
    const first = await pusher(
      push([
        { clientID: 'a', id: 1 },
        { clientID: 'a', id: 2 },
      ]),
      'req-1',
    );
    expect(first.httpRequestInfo).toEqual({ httpStatusCode: 200, errorMessage: '' });
    expect(received).toHaveLength(1);
    expect(received[0]?.auth).toBe('Bearer t0ken');
    expect(received[0]?.body.mutations.map((m) => m.id)).toEqual([1, 2]);
    expect(acks.isSaved({ clientID: 'a', id: 2 })).toBe(true);

    // Replicache's retry of the same two changes: answered here, nothing sent.
    const again = await pusher(
      push([
        { clientID: 'a', id: 1 },
        { clientID: 'a', id: 2 },
      ]),
      'req-2',
    );
    expect(again.httpRequestInfo.httpStatusCode).toBe(200);
    expect(received).toHaveLength(1);

    // A push with one new change goes out whole.
    answer = { status: 200, body: JSON.stringify({ lastMutationIDs: { a: 3 } }) };
    await pusher(
      push([
        { clientID: 'a', id: 2 },
        { clientID: 'a', id: 3 },
      ]),
      'req-3',
    );
    expect(received).toHaveLength(2);
    expect(acks.isSaved({ clientID: 'a', id: 3 })).toBe(true);
  });

  it('passes a refusal of the whole push on to Replicache and counts nothing saved', async () => {
    const acks = new PushAcks();
    const pusher = ackingPusher(acks, url, () => '');
    answer = { status: 401, body: 'signed out' };
    const result = await pusher(push([{ clientID: 'b', id: 1 }]), 'req-4');
    expect(result.httpRequestInfo).toEqual({ httpStatusCode: 401, errorMessage: 'signed out' });
    expect(acks.isSaved({ clientID: 'b', id: 1 })).toBe(false);
    // An answer without the ids (an older server) is a success that counts nothing early.
    answer = { status: 200, body: '{}' };
    expect((await pusher(push([{ clientID: 'b', id: 1 }]), 'req-5')).httpRequestInfo.httpStatusCode).toBe(
      200,
    );
    expect(acks.isSaved({ clientID: 'b', id: 1 })).toBe(false);
  });
});
