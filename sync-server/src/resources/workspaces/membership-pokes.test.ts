import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD, setPlan, startKit, type Kit } from '../../testing/accounts-kit';
import { nextEvent } from '../../testing/sse';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.stop();
});

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
