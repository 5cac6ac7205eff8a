import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadCaptureJobId } from '@linkhub/shared/server/leads/tokens';
import { startCommandKit, type CommandKit } from '../../testing/command-kit';

/** Erasing a lead (docs/product-rules.md#personal-data): the address goes everywhere it was kept. */
let kit: CommandKit;
let ws: string;
let page: string;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
  page = randomUUID();
  expect(
    await kit.push('createPage', { id: page, workspace_id: ws, handle: 'signup', title: 'Sign up' }),
  ).toBeNull();
});
afterAll(async () => kit.close());

async function lead(email: string): Promise<string> {
  const [row] = await kit.sql<{ id: string }>(
    'INSERT INTO leads (workspace_id, page_id, email) VALUES ($1, $2, $3) RETURNING id',
    [ws, page, email],
  );
  if (!row) throw new Error('no lead');
  return row.id;
}

describe('deleteLead', () => {
  it('deletes the row, the webhook deliveries naming it, and withdraws the leads exports', async () => {
    const id = await lead('ada@example.com');
    const kept = await lead('bob@example.com');
    const [endpoint] = await kit.sql<{ id: string }>(
      "INSERT INTO webhook_endpoints (workspace_id, url, events, secret_ciphertext) VALUES ($1, 'https://hooks.example.com/x', '{lead.created}', 's') RETURNING id",
      [ws],
    );
    const delivery = (data: Record<string, unknown>) =>
      kit.sql(
        "INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, payload) VALUES ($1, $2, $3, 'lead.created', $4)",
        [endpoint?.id, ws, randomUUID(), JSON.stringify({ data })],
      );
    await delivery({ id });
    await delivery({ email: 'ada@example.com' });
    await delivery({ id: kept, email: 'bob@example.com' });
    await kit.sql(
      `INSERT INTO export_jobs (workspace_id, kind, status, storage_key, finished_at) VALUES
         ($1, 'leads_csv', 'succeeded', 'exports/done.csv', now()), ($1, 'leads_csv', 'running', NULL, NULL),
         ($1, 'analytics_csv', 'succeeded', 'exports/clicks.csv', now())`,
      [ws],
    );
    const result = await kit.run('deleteLead', { id, workspace_id: ws });
    expect(result.value).toEqual({
      captureJobId: leadCaptureJobId(page, 'ada@example.com'),
      exportFiles: ['exports/done.csv'],
    });
    expect(await kit.sql('SELECT 1 FROM leads WHERE id = $1', [id])).toHaveLength(0);
    expect(await kit.sql('SELECT 1 FROM leads WHERE id = $1', [kept])).toHaveLength(1);
    const left = await kit.sql<{ payload: unknown }>(
      'SELECT payload FROM webhook_deliveries WHERE workspace_id = $1',
      [ws],
    );
    expect(left).toEqual([{ payload: { data: { id: kept, email: 'bob@example.com' } } }]);
    const exports = await kit.sql<{ kind: string; status: string }>(
      'SELECT kind, status FROM export_jobs WHERE workspace_id = $1 ORDER BY kind, status',
      [ws],
    );
    expect(exports).toEqual([
      { kind: 'analytics_csv', status: 'succeeded' },
      { kind: 'leads_csv', status: 'expired' },
      { kind: 'leads_csv', status: 'failed' },
    ]);
  });

  it('the audit entry names the lead, never its address', async () => {
    const id = await lead('carol@example.com');
    await kit.run('deleteLead', { id, workspace_id: ws });
    const [entry] = await kit.sql<Record<string, unknown>>(
      "SELECT * FROM audit_log_entries WHERE action = 'lead.erased' AND resource_id = $1",
      [id],
    );
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain('carol@');
  });

  it('a lead of another workspace, or one already erased, is not found', async () => {
    const id = await lead('dan@example.com');
    const other = await kit.signUp('Olga');
    await kit.sql('UPDATE users SET email_verified_at = now()');
    expect(await kit.push('deleteLead', { id, workspace_id: other.workspaceId }, other)).toBe('not_found');
    expect(await kit.sql('SELECT 1 FROM leads WHERE id = $1', [id])).toHaveLength(1);
    await kit.run('deleteLead', { id, workspace_id: ws });
    expect(await kit.push('deleteLead', { id, workspace_id: ws })).toBe('not_found');
  });
});
