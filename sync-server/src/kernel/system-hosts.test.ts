import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { Queryable } from '@linkhub/shared/server/db/sql';
import { SystemHosts } from './system-hosts';
import { startCommandKit, type CommandKit } from '../testing/command-kit';

/** The system hosts' rows, found once per runner. */
let kit: CommandKit;
let statements = 0;
let counting: Queryable;

beforeAll(async () => {
  kit = await startCommandKit();
  counting = {
    query: <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
      statements += 1;
      return kit.deps.pool.query<R>(text, values);
    },
  };
});
afterAll(async () => kit.close());

describe('SystemHosts', () => {
  it('finds the system link host once, then answers from memory', async () => {
    const hosts = new SystemHosts();
    const first = await hosts.find(counting, kit.deps.config.LINK_HOST);
    expect(first?.hostname).toBe(kit.deps.config.LINK_HOST);
    const again = await hosts.find(counting, kit.deps.config.LINK_HOST);
    expect(again).toEqual(first);
    expect(statements).toBe(1);
  });

  it('a customer’s domain of the same name is no system host; an unknown host is not remembered as missing', async () => {
    const hosts = new SystemHosts();
    await kit.sql(
      "INSERT INTO custom_domains (workspace_id, hostname, status, purpose, verified_at) VALUES ($1, 'later.example.com', 'verified', 'links', now())",
      [kit.owner.workspaceId],
    );
    expect(await hosts.find(kit.deps.pool, 'later.example.com')).toBeUndefined();
    await kit.sql(
      "UPDATE custom_domains SET is_system = true, workspace_id = NULL, verification_method = 'system' WHERE hostname = 'later.example.com'",
    );
    expect((await hosts.find(kit.deps.pool, 'later.example.com'))?.hostname).toBe('later.example.com');
  });
});
