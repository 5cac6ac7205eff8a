import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD, setPlan, startKit, type Kit } from '../accounts/test-kit';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.stop();
});

/** Reads the SSE stream until an event of the given name arrives (or fails after `timeoutMs`). */
async function nextEvent(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  name: string,
  timeoutMs = 5000,
): Promise<void> {
  const decoder = new TextDecoder();
  let buffered = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
    ]);
    if (chunk === null || chunk.done) break;
    buffered += decoder.decode(chunk.value);
    if (buffered.includes(`event: ${name}`)) return;
  }
  throw new Error(`no ${name} event; got: ${buffered}`);
}

it("accepting an invitation pokes the newcomer's open editor, so it pulls the joined workspace at once", async () => {
  const owner = await kit.signUp('olga@invite-poke.example');
  await setPlan(kit, owner.workspaceId, 'pro');
  const invite = await kit.call('POST', `/api/workspaces/${owner.workspaceId}/invitations`, {
    token: owner.token,
    body: { email: 'nico@invite-poke.example', role: 'editor' },
  });
  expect(invite.status).toBe(201);
  const inviteToken = await kit.tokenFromMail('nico@invite-poke.example', 'invited you');
  const newcomer = await kit.signUp('nico@invite-poke.example');
  const stream = await kit.call('GET', '/replicache/poke', { token: newcomer.token });
  expect(stream.status).toBe(200);
  const body = stream.body;
  if (!body) throw new Error('no stream');
  const reader = body.getReader();
  await nextEvent(reader, 'ready');
  const accepted = await kit.call('POST', '/api/invitations/accept', {
    token: newcomer.token,
    body: { token: inviteToken },
  });
  expect(accepted.status).toBe(200);
  await nextEvent(reader, 'poke');
  await reader.cancel();
});

it("creating, deleting and restoring a workspace pokes its people's open editors, so they pull at once", async () => {
  const owner = await kit.signUp('wanda@workspace-poke.example');
  await setPlan(kit, owner.workspaceId, 'business');
  const stream = await kit.call('GET', '/replicache/poke', { token: owner.token });
  const body = stream.body;
  if (!body) throw new Error('no stream');
  const reader = body.getReader();
  await nextEvent(reader, 'ready');
  const created = await kit.call('POST', '/api/workspaces', {
    token: owner.token,
    body: { name: 'Client B' },
  });
  expect(created.status).toBe(201);
  await nextEvent(reader, 'poke');
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  await kit.call('POST', '/api/auth/reauthenticate', {
    token: owner.token,
    body: { password: PASSWORD },
  });
  const deleted = await kit.call('DELETE', `/api/workspaces/${id}`, {
    token: owner.token,
    body: { confirmation: 'Client B' },
  });
  expect(deleted.status).toBe(200);
  await nextEvent(reader, 'poke');
  const restored = await kit.call('POST', `/api/workspaces/${id}/restore`, { token: owner.token, body: {} });
  expect(restored.status).toBe(200);
  await nextEvent(reader, 'poke');
  await reader.cancel();
});
