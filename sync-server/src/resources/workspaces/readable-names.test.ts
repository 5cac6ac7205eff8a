import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startKit, type Kit } from '../../testing/accounts-kit';

/**
 * Names other people read (a member's name in the members list, an API key's name in the audit
 * log) refuse the direction overrides U+202D / U+202E like every other readable text (D-447):
 * "Priya \u202Enimda" shows as "Priya admin".
 */
let kit: Kit;
let owner: { token: string; userId: string; workspaceId: string };
type Err = { error: { code: string; details: Array<{ field?: string; issue?: string; message?: string }> } };

beforeAll(async () => {
  kit = await startKit();
  owner = await kit.signUp('names-owner@example.com', { name: 'Ada' });
});
afterAll(async () => {
  await kit.stop();
});

async function expectRefused(res: Response, field: string): Promise<void> {
  expect(res.status).toBe(400);
  const err = await kit.json<Err>(res);
  expect(err.error.code).toBe('validation_failed');
  expect(err.error.details).toEqual([
    expect.objectContaining({
      field,
      issue: 'direction_override',
      message: expect.stringMatching(/invisible character that reverses the text/),
    }),
  ]);
}

describe('names refuse a direction override, changing nothing', () => {
  it('sign-up: no account is made', async () => {
    const res = await kit.call('POST', '/api/auth/signup', {
      body: { email: 'spoof@example.com', password: PASSWORD, name: 'Priya\u202Enimda' },
    });
    await expectRefused(res, 'name');
    const { rows } = await kit.deps.pool.query("SELECT 1 FROM users WHERE email = 'spoof@example.com'");
    expect(rows).toHaveLength(0);
  });

  it('renaming oneself: the name stays; a right-to-left name with its marks is kept', async () => {
    await expectRefused(
      await kit.call('PATCH', '/api/me', { token: owner.token, body: { name: 'Ada\u202Dx' } }),
      'name',
    );
    const nameOf = async () =>
      (await kit.deps.pool.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [owner.userId]))
        .rows[0]?.name;
    expect(await nameOf()).toBe('Ada');
    const rtl = 'עדה \u200Fלבלייס\u200E';
    expect((await kit.call('PATCH', '/api/me', { token: owner.token, body: { name: rtl } })).status).toBe(
      200,
    );
    expect(await nameOf()).toBe(rtl);
  });

  it('an API key: none is created', async () => {
    const res = await kit.call('POST', `/api/workspaces/${owner.workspaceId}/api-keys`, {
      token: owner.token,
      body: { name: 'CI \u202Eyek', scopes: ['links:read'] },
    });
    await expectRefused(res, 'name');
    const { rows } = await kit.deps.pool.query('SELECT 1 FROM api_keys WHERE workspace_id = $1', [
      owner.workspaceId,
    ]);
    expect(rows).toHaveLength(0);
  });
});
