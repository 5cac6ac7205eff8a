import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createSyncHarness, type SyncHarness } from '../testing/sync-harness';
import { PokeHub } from './poke';
import { nextEvent } from '../testing/sse';

let h: SyncHarness;
beforeAll(async () => {
  h = await createSyncHarness();
});
afterAll(async () => h.close());

describe('poke', () => {
  it("a commit by one member pokes every member's open stream", async () => {
    const owner = await h.signUp('Poker');
    const editor = await h.signUp('Pokee');
    await h.addMember(owner.workspaceId, editor.userId, 'editor');
    const response = await h.app.request('/replicache/poke', {
      headers: { authorization: `Bearer ${editor.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const body = response.body;
    if (!body) throw new Error('no stream');
    const reader = body.getReader();
    await nextEvent(reader, 'ready');
    const writer = h.client(owner.token);
    await writer.rep.mutate.createLink({
      id: randomUUID(),
      workspace_id: owner.workspaceId,
      destination_url: 'https://example.com/poke',
      slug: 'poke-me',
    });
    await writer.rep.push({ now: true });
    await nextEvent(reader, 'poke');
    await reader.cancel();
  });

  it('a commit pokes the live members its authorize load named, not one removed before it', async () => {
    const owner = await h.signUp('Named');
    const editor = await h.signUp('Namededitor');
    const gone = await h.signUp('Removed');
    await h.addMember(owner.workspaceId, editor.userId, 'editor');
    await h.addMember(owner.workspaceId, gone.userId, 'editor');
    await h.deps.pool.query(
      'UPDATE workspace_members SET deleted_at = now() WHERE workspace_id = $1 AND user_id = $2',
      [owner.workspaceId, gone.userId],
    );
    const listener = new Redis(h.deps.config.REDIS_URL);
    const hub = new PokeHub(listener, h.deps.config.REDIS_PREFIX);
    const heard = new Set<string>();
    const stops = await Promise.all(
      [owner, editor, gone].map((u) => hub.listen(u.userId, () => heard.add(u.userId))),
    );
    const writer = h.client(owner.token);
    await writer.rep.mutate.createLink({
      id: randomUUID(),
      workspace_id: owner.workspaceId,
      destination_url: 'https://example.com/named',
      slug: 'named-poke',
    });
    await writer.rep.push({ now: true });
    const deadline = Date.now() + 3000;
    while (heard.size < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // A stray poke would arrive with the others: give it a moment.
    await new Promise((r) => setTimeout(r, 200));
    expect([...heard].sort()).toEqual([owner.userId, editor.userId].sort());
    for (const stop of stops) await stop();
    await hub.close();
    listener.disconnect();
  });

  it('reaches streams held by another sync-server process through Redis pub/sub', async () => {
    const userId = randomUUID();
    const prefix = h.deps.config.REDIS_PREFIX;
    const otherConnection = new Redis(h.deps.config.REDIS_URL);
    const otherProcess = new PokeHub(otherConnection, prefix);
    let heard = 0;
    const stop = await otherProcess.listen(userId, () => {
      heard += 1;
    });
    const publisher = new Redis(h.deps.config.REDIS_URL);
    await publisher.publish(`${prefix}poke:${userId}`, '1');
    const deadline = Date.now() + 3000;
    while (heard === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(heard).toBe(1);
    await stop();
    await otherProcess.close();
    otherConnection.disconnect();
    publisher.disconnect();
  });

  it('refuses a stream without a session', async () => {
    const response = await h.app.request('/replicache/poke');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });
});
