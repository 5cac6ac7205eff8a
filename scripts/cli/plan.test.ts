import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { createUser } from '../../sync-server/src/identity/users';
import { billingAccountFor, insertWorkspace } from '../../sync-server/src/identity/workspaces';
import { planCommand } from './plan';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

let database: TestDatabase;
let pool: pg.Pool;

async function workspaceOf(email: string, plan: 'free' | 'pro' | 'business') {
  return withTransaction(pool, async (tx) => {
    const user = await createUser(tx, { email, name: email, password: null });
    const account = await billingAccountFor(tx, user.id, plan);
    const { workspace } = await insertWorkspace(tx, {
      name: `${email} ws`,
      ownerUserId: user.id,
      billingAccountId: account.id,
      plan: account.plan_key,
    });
    return workspace;
  });
}

const planRow = async (id: string) =>
  (
    await pool.query<{ ws: string; account: string }>(
      'SELECT w.current_plan_key AS ws, b.plan_key AS account FROM workspaces w JOIN billing_accounts b ON b.id = w.billing_account_id WHERE w.id = $1',
      [id],
    )
  ).rows[0];

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { pool, out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

describe('linkhub plan (operator-set plans, D-511)', () => {
  it('`npm run linkhub -- plan set <slug> business` moves a Free workspace and its billing account, audited', async () => {
    const ws = await workspaceOf('self-host@example.test', 'free');
    const { stdout } = await run(
      'npm',
      ['run', '--silent', 'linkhub', '--', 'plan', 'set', ws.slug, 'business'],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: database.url },
      },
    );
    expect(stdout.trim()).toBe(`${ws.slug}: free → business`);
    expect(await planRow(ws.id)).toEqual({ ws: 'business', account: 'business' });
    const audit = await pool.query<{ summary: string }>(
      "SELECT summary FROM audit_log_entries WHERE workspace_id = $1 AND action = 'billing.plan_changed'",
      [ws.id],
    );
    expect(audit.rows).toEqual([{ summary: 'Plan free → business (set by the operator)' }]);

    const { stdout: listed } = await run('npm', ['run', '--silent', 'linkhub', '--', 'plan', 'list'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url },
    });
    expect(listed).toMatch(new RegExp(`${ws.id}\\s+${ws.slug}\\s+business\\s+self-host@example.test`));
  }, 60_000);

  it('takes a workspace id too; refuses an unknown plan or workspace without changing anything', async () => {
    const ws = await workspaceOf('second@example.test', 'business');
    const ok = capture();
    expect(await planCommand(['set', ws.id.toUpperCase(), 'pro'], ok.io)).toBe(0);
    expect(ok.out).toEqual([`${ws.slug}: business → pro`]);
    expect(await planRow(ws.id)).toEqual({ ws: 'pro', account: 'pro' });

    const badPlan = capture();
    expect(await planCommand(['set', ws.slug, 'enterprise'], badPlan.io)).toBe(2);
    expect(badPlan.err.join('\n')).toContain('unknown plan: enterprise (one of free, pro, business)');
    const missing = capture();
    expect(await planCommand(['set', 'no-such-workspace', 'free'], missing.io)).toBe(1);
    expect(missing.err.join('\n')).toContain('no live workspace with id or slug no-such-workspace');
    expect(await planRow(ws.id)).toEqual({ ws: 'pro', account: 'pro' });
    const usage = capture();
    expect(await planCommand(['set', ws.slug], usage.io)).toBe(2);
    expect(usage.err.join('\n')).toContain('linkhub plan set <workspace id|slug> <free|pro|business>');
  });
});
