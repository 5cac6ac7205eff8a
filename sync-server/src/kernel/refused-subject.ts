import type pg from 'pg';
import { authorize } from '@linkhub/shared/permissions/authorize';
import type { Action, TargetType } from '@linkhub/shared/permissions/matrix';
import { rows } from '@linkhub/shared/server/db/sql';
import { loadAuthorizeInput, type ResourceRef } from './authorization';
import type { CommandActor, CommandResult, TxScope } from './types';
import type { CommandRegistry } from './registry';

/**
 * What a refused mutation was about, for its notice. Only what the pusher may read is named: a
 * workspace they are not a member of, or a resource they cannot view, stays anonymous (no
 * title of another tenant ever reaches a notice). Runs in its own savepoint, so a failing
 * lookup cannot abort the push's transaction.
 */
export async function describeRefused(
  commands: CommandRegistry,
  scope: TxScope,
  by: CommandActor,
  name: string,
  rawArgs: unknown,
): Promise<{ workspaceId: string | null; resource?: CommandResult['resource'] }> {
  await scope.tx.query('SAVEPOINT describe');
  try {
    const described = await describeVisible(commands, scope, by, name, rawArgs);
    await scope.tx.query('RELEASE SAVEPOINT describe');
    return described;
  } catch {
    await scope.tx.query('ROLLBACK TO SAVEPOINT describe');
    return { workspaceId: null };
  }
}

async function describeVisible(
  commands: CommandRegistry,
  scope: TxScope,
  by: CommandActor,
  name: string,
  rawArgs: unknown,
): Promise<{ workspaceId: string | null; resource?: CommandResult['resource'] }> {
  const workspaceId = workspaceIdOf(rawArgs);
  if (!workspaceId || !(await canRead(scope.tx, by, 'workspace.view', workspaceId)))
    return { workspaceId: null };
  const command = commands.named(name);
  if (!command?.describe) return { workspaceId };
  const described = await command.describe(scope, rawArgs);
  const resource = described.resource;
  if (!resource) return { workspaceId };
  const viewable = VIEWABLE[resource.type];
  if (!viewable) return { workspaceId };
  // A create names what the user typed; an existing resource only when the user may view it.
  const exists = await resourceExists(scope.tx, viewable.table, resource.id);
  if (
    exists &&
    !(await canRead(scope.tx, by, viewable.action, workspaceId, { type: viewable.type, id: resource.id }))
  )
    return { workspaceId };
  return { workspaceId, resource };
}

/** The resources a notice may name, with the read action that lets a user see each. */
const VIEWABLE: Partial<Record<string, { action: Action; type: TargetType; table: string }>> = {
  link: { action: 'link.view', type: 'link', table: 'links' },
  qr_code: { action: 'qr_code.view', type: 'qr_code', table: 'qr_codes' },
  bio_page: { action: 'bio_page.view', type: 'bio_page', table: 'bio_pages' },
  workspace: { action: 'workspace.view', type: 'workspace', table: 'workspaces' },
  domain: { action: 'domain.view', type: 'domain', table: 'custom_domains' },
  experiment: { action: 'experiment.view', type: 'experiment', table: 'experiments' },
};

async function resourceExists(tx: pg.PoolClient, table: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const found = await rows<{ id: string }>(tx, `SELECT id FROM ${table} WHERE id = $1`, [id]);
  return found.length > 0;
}

async function canRead(
  tx: pg.PoolClient,
  by: CommandActor,
  action: Action,
  workspaceId: string,
  resource?: ResourceRef,
): Promise<boolean> {
  const decision = authorize(
    await loadAuthorizeInput(tx, by, action, workspaceId, resource ?? { type: 'workspace', id: workspaceId }),
  );
  return decision.allow;
}

function workspaceIdOf(args: unknown): string | null {
  if (typeof args !== 'object' || args === null || !('workspace_id' in args)) return null;
  const value = args.workspace_id;
  return typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : null;
}
