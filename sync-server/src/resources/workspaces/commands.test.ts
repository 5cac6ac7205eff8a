import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import { linkArgs, startCommandKit, type Account, type CommandKit } from '../../testing/command-kit';

/** Workspace settings and a user's own notices, driven by mutator name. */
let kit: CommandKit;
let ws: string;
let refreshQueue: Queue;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
  refreshQueue = new Queue('cache-refresh', {
    connection: kit.deps.redis,
    prefix: bullPrefix(kit.deps.config.REDIS_PREFIX),
  });
});
afterAll(async () => {
  await refreshQueue.obliterate({ force: true });
  await refreshQueue.close();
  await kit.close();
});

async function settings(): Promise<{
  name: string;
  time_zone: string;
  holding_page: Record<string, unknown>;
}> {
  const [row] = await kit.sql<{ name: string; time_zone: string; holding_page: Record<string, unknown> }>(
    'SELECT name, time_zone, holding_page FROM workspaces WHERE id = $1',
    [ws],
  );
  if (!row) throw new Error('no workspace');
  return row;
}
const refreshesOfWorkspace = async () => {
  await kit.deps.commands.settled();
  return (await refreshQueue.getJobs(['waiting', 'delayed', 'prioritized'])).filter(
    (job) =>
      JSON.stringify(job.data) === JSON.stringify({ kind: 'resource', resource_type: 'workspace', id: ws }),
  ).length;
};

describe('updateWorkspaceSettings', () => {
  it('renames the workspace and rebuilds every cached payload of it (they carry its name)', async () => {
    const before = await refreshesOfWorkspace();
    expect(
      await kit.push('updateWorkspaceSettings', {
        workspace_id: ws,
        name: 'Maya Prints',
        time_zone: 'Europe/Paris',
      }),
    ).toBeNull();
    expect(await settings()).toMatchObject({ name: 'Maya Prints', time_zone: 'Europe/Paris' });
    expect(await refreshesOfWorkspace()).toBe(before + 1);
    const [entry] = await kit.sql<{ action: string }>(
      "SELECT action FROM audit_log_entries WHERE resource_id = $1 AND action = 'workspace.settings_changed'",
      [ws],
    );
    expect(entry).toBeDefined();
  });

  it('merges the holding page key by key', async () => {
    expect(
      await kit.push('updateWorkspaceSettings', { workspace_id: ws, holding_page: { title: 'Back soon' } }),
    ).toBeNull();
    expect(
      await kit.push('updateWorkspaceSettings', {
        workspace_id: ws,
        holding_page: { message: 'Maintenance' },
      }),
    ).toBeNull();
    expect((await settings()).holding_page).toMatchObject({ title: 'Back soon', message: 'Maintenance' });
  });

  it('an editor may not change the settings; nothing changes', async () => {
    const editor: Account = await kit.signUp('Ed');
    await kit.sql('UPDATE users SET email_verified_at = now()');
    await kit.addMember(ws, editor.userId, 'editor');
    expect(await kit.push('updateWorkspaceSettings', { workspace_id: ws, name: 'Hijacked' }, editor)).toBe(
      'insufficient_role',
    );
    expect((await settings()).name).toBe('Maya Prints');
  });
});

describe('dismissNotice', () => {
  it('dismisses the user’s own notice; another user’s notice answers as missing', async () => {
    expect(await kit.push('createLink', linkArgs(ws, { slug: 'dup' }))).toBeNull();
    expect(await kit.push('createLink', linkArgs(ws, { slug: 'dup' }))).toBe('slug_taken');
    const [notice] = await kit.sql<{ id: string }>(
      'SELECT id FROM sync_notices WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1',
      [kit.owner.userId],
    );
    const stranger: Account = await kit.signUp('Stan');
    expect(await kit.push('dismissNotice', { id: notice?.id }, stranger)).toBe('not_found');
    expect(await kit.push('dismissNotice', { id: notice?.id })).toBeNull();
    const [row] = await kit.sql<{ dismissed: boolean; read: boolean }>(
      'SELECT deleted_at IS NOT NULL AS dismissed, read_at IS NOT NULL AS read FROM sync_notices WHERE id = $1',
      [notice?.id],
    );
    expect(row).toEqual({ dismissed: true, read: true });
    expect(await kit.push('dismissNotice', { id: randomUUID() })).toBe('not_found');
  });
});
