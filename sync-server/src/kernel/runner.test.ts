import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { AppError } from '@linkhub/shared/errors/app-error';
import { PostCommitEffects } from './effects';
import { linkArgs, startCommandKit, type CommandKit } from '../testing/command-kit';

/** The one command layer: parse → authorize → one transaction → commit → write-through → jobs and pokes. */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit();
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

const codeOf = (e: unknown) => (e instanceof AppError ? e.code : String(e));

describe('CommandRunner', () => {
  it('runs the command a mutation names and answers after its redirect key is written', async () => {
    const args = linkArgs(ws, { slug: `run-${randomUUID().slice(0, 8)}` });
    const result = await kit.run('createLink', args);
    expect(result).toMatchObject({ workspaceId: ws, resource: { type: 'link', id: args.id } });
    const key = redirectKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.LINK_HOST, String(args.slug));
    expect(await kit.deps.redis.get(key)).toContain('https://example.com/a');
  });

  it('refuses an unknown mutation name like bad input, writing nothing', async () => {
    const by = await kit.actor();
    const run = kit.deps.commands.inTransaction((scope) =>
      kit.deps.commands.runNamed(scope, by, 'dropEverything', { workspace_id: ws }, null),
    );
    await expect(run).rejects.toSatisfy((e) => codeOf(e) === 'not_found');
  });

  it('refuses args its mutator schema does not allow (unknown keys) before anything is written', async () => {
    const args = linkArgs(ws, { admin: true });
    await expect(kit.run('createLink', args)).rejects.toThrow();
    expect(await kit.sql('SELECT 1 FROM links WHERE id = $1', [args.id])).toHaveLength(0);
  });

  it('refuses args nested too deeply, with the validation envelope', async () => {
    let deep: Record<string, unknown> = { end: true };
    for (let i = 0; i < 200; i += 1) deep = { deeper: deep };
    await expect(kit.run('createLink', linkArgs(ws, { utm: deep }))).rejects.toSatisfy(
      (e) => codeOf(e) === 'validation_failed',
    );
  });

  it('runs the post-commit effects only after COMMIT: a rolled-back transaction writes no cache', async () => {
    const ran: string[] = [];
    await expect(
      kit.deps.commands.inTransaction(async (scope) => {
        scope.effects.writeCache('k1', async () => void ran.push('rolled back'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await kit.deps.commands.inTransaction(async (scope) => {
      scope.effects.writeCache('k2', async () => void ran.push('committed'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['committed']);
  });

  it('with a batch, the effects wait for the batch to be flushed', async () => {
    const batch = new PostCommitEffects();
    const ran: string[] = [];
    await kit.deps.commands.inTransaction(async (scope) => {
      scope.effects.writeCache('k', async () => void ran.push('written'));
    }, batch);
    expect(ran).toEqual([]);
    await kit.deps.commands.flush(batch);
    expect(ran).toEqual(['written']);
  });

  it('a failing cache write is logged, never undoes the commit nor fails the caller', async () => {
    const id = randomUUID();
    await kit.deps.commands.inTransaction(async (scope) => {
      await scope.tx.query(
        "INSERT INTO sync_notices (user_id, mutation_name, code, message, id) VALUES ($1, 'x', 'x', 'x', $2)",
        [kit.owner.userId, id],
      );
      scope.effects.writeCache('fails', () => Promise.reject(new Error('redis down')));
    });
    expect(await kit.sql('SELECT 1 FROM sync_notices WHERE id = $1', [id])).toHaveLength(1);
    await kit.deps.commands.settled();
  });
});
