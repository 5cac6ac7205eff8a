import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan, startKit, type Kit } from '../../testing/accounts-kit';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.stop();
});

describe('joining through a mailed invitation link', () => {
  it('proves the address: the invitee is verified and need not confirm the same address again', async () => {
    const owner = await kit.signUp('owner@studio.example');
    await setPlan(kit, owner.workspaceId, 'pro');
    const invite = await kit.call('POST', `/api/workspaces/${owner.workspaceId}/invitations`, {
      token: owner.token,
      body: { email: 'new.hire@studio.example', role: 'editor' },
    });
    expect(invite.status).toBe(201);
    const token = await kit.tokenFromMail('new.hire@studio.example', 'invited you');
    // Signs up from the invitation without opening the separate verification mail.
    const invitee = await kit.signUp('new.hire@studio.example', { verify: false });
    const before = await kit.json<{ data: { user: { email_verified: boolean } } }>(
      await kit.call('GET', '/api/me', { token: invitee.token }),
    );
    expect(before.data.user.email_verified).toBe(false);

    const accepted = await kit.call('POST', '/api/invitations/accept', {
      token: invitee.token,
      body: { token },
    });
    expect(accepted.status).toBe(200);
    const after = await kit.json<{ data: { user: { email_verified: boolean } } }>(
      await kit.call('GET', '/api/me', { token: invitee.token }),
    );
    expect(after.data.user.email_verified).toBe(true);
  });
});
