import { describe, expect, it } from 'vitest';
import { createLink } from '@linkhub/shared/mutators/links';
import { apiKeyActor, userActor } from '../identity/actor';
import { commandActorOf, commandStep, defineCommand } from './types';

const at = new Date('2026-01-01T00:00:00Z');
const user = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  password_hash: null,
  email_verified_at: at,
  status: 'active' as const,
  totp_enabled: false,
  created_at: at,
};
const session = (label: string | null) => ({
  id: 's1',
  user_id: 'u1',
  client_kind: 'web' as const,
  client_label: label,
  mfa_verified_at: null,
  reauthenticated_at: null,
  last_seen_at: at,
  rolling_expires_at: at,
  absolute_expires_at: at,
  revoked_at: null,
  created_at: at,
});
const apiKey = {
  id: 'k1',
  workspace_id: 'w1',
  created_by_user_id: 'u1',
  created_by_member_id: 'm1',
  name: 'Zapier',
  prefix: 'lh_',
  scopes: ['links:write'],
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
  created_at: at,
};

describe('defineCommand', () => {
  it('takes its name from its mutator, so a command and its mutator cannot be named apart', () => {
    const run = async () => ({ workspaceId: 'w' });
    const command = defineCommand(createLink, { run });
    expect(command.name).toBe('createLink');
    expect(command.mutator).toBe(createLink);
    expect(command.run).toBe(run);
    expect(command.describe).toBeUndefined();
  });
});

describe('commandStep', () => {
  it('names the command object and its args; fieldOf only when given', () => {
    const command = defineCommand(createLink, { run: async () => ({ workspaceId: 'w' }) });
    const args = { id: 'i', workspace_id: 'w', destination_url: 'https://example.com' };
    expect(commandStep(command, args)).toEqual({ command, args });
    expect(Object.keys(commandStep(command, args))).not.toContain('fieldOf');
    const fieldOf = (f: string) => `link.${f}`;
    expect(commandStep(command, args, fieldOf).fieldOf?.('slug')).toBe('link.slug');
  });
});

describe('commandActorOf', () => {
  it('a user’s change is labelled with the device a push named, else the session’s browser family', () => {
    expect(commandActorOf(userActor(user, session('Firefox on Linux')), 'Chrome on Android')).toMatchObject({
      userId: 'u1',
      device: 'Chrome on Android',
      audit: { type: 'user', userId: 'u1' },
    });
    expect(commandActorOf(userActor(user, session('Firefox on Linux'))).device).toBe('Firefox on Linux');
  });

  it('an API key’s change is labelled with the key’s name, never a device the request claims, and acts as its creator', () => {
    expect(commandActorOf(apiKeyActor(apiKey), 'Chrome on Android')).toMatchObject({
      userId: 'u1',
      device: 'API key “Zapier”',
      audit: { type: 'api_key', apiKeyId: 'k1', userId: 'u1' },
    });
  });
});
