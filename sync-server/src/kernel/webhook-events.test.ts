import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, updateLink } from '@linkhub/shared/mutators/links';
import { defineCommand, type CommandContext } from './types';
import { resourceEvents, WebhookEvents } from './webhook-events';
import { linkArgs, startCommandKit, type CommandKit } from '../testing/command-kit';

/** A command's webhook event is recorded in its own transaction: it exists exactly when the change committed. */
let kit: CommandKit;
let ws: string;
let endpoint: string;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
  const [row] = await kit.sql<{ id: string }>(
    `INSERT INTO webhook_endpoints (workspace_id, url, events, secret_ciphertext)
     VALUES ($1, 'https://hooks.example.com/in', '{link.created,link.archived}', 'sealed') RETURNING id`,
    [ws],
  );
  endpoint = row?.id ?? '';
});
afterAll(async () => kit.close());

async function deliveries(type: string): Promise<Array<{ payload: { data: { id: string } } }>> {
  return kit.sql('SELECT payload FROM webhook_deliveries WHERE endpoint_id = $1 AND event_type = $2', [
    endpoint,
    type,
  ]);
}

describe('webhook events of commands', () => {
  it('a created link records its event for the listening endpoint, with the link as /v1 shows it', async () => {
    const link = linkArgs(ws, { slug: 'hooked' });
    expect(await kit.push('createLink', link)).toBeNull();
    const found = (await deliveries('link.created')).filter((d) => d.payload.data.id === link.id);
    expect(found).toHaveLength(1);
    expect(found[0]?.payload.data).toMatchObject({
      id: link.id,
      slug: 'hooked',
      destination_url: 'https://example.com/a',
    });
  });

  it('an event nobody subscribed to records nothing', async () => {
    const link = linkArgs(ws);
    await kit.push('createLink', link);
    expect(await kit.push('updateLink', { id: link.id, workspace_id: ws, title: 'Quiet' })).toBeNull();
    expect(await kit.sql("SELECT 1 FROM webhook_deliveries WHERE event_type = 'link.updated'")).toHaveLength(
      0,
    );
  });

  it('a refused mutation and a rolled-back transaction record no event', async () => {
    const before = (await deliveries('link.created')).length;
    expect(await kit.push('createLink', linkArgs(ws, { slug: 'hooked' }))).toBe('slug_taken');
    const by = await kit.actor();
    await expect(
      kit.deps.commands.inTransaction(async (scope) => {
        await kit.deps.commands.runNamed(scope, by, 'createLink', linkArgs(ws), null);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveries('link.created')).toHaveLength(before);
  });

  it('a disabled or deleted endpoint hears nothing', async () => {
    await kit.sql("UPDATE webhook_endpoints SET status = 'disabled' WHERE id = $1", [endpoint]);
    const before = (await deliveries('link.created')).length;
    await kit.push('createLink', linkArgs(ws));
    expect(await deliveries('link.created')).toHaveLength(before);
    await kit.sql("UPDATE webhook_endpoints SET status = 'active' WHERE id = $1", [endpoint]);
  });
});

describe('WebhookEvents', () => {
  const load = async () => null;

  it('refuses two event sources for one resource among the commands', () => {
    const first = resourceEvents({ resource: 'link', load }, { created: 'link.created' });
    const second = resourceEvents({ resource: 'link', load }, { updated: 'link.updated' });
    expect(
      () =>
        new WebhookEvents([
          defineCommand(createLink, { run: async () => ({ workspaceId: ws }), webhookEvent: first.created }),
          defineCommand(updateLink, { run: async () => ({ workspaceId: ws }), webhookEvent: second.updated }),
        ]),
    ).toThrow('two webhook event sources for link');
  });

  it('a side effect on a resource no command announces is a wiring mistake, said at once', async () => {
    const events = new WebhookEvents([]);
    await expect(
      events.emitResourceEvent({} as CommandContext, 'link', 'link.updated', ws, 'x'),
    ).rejects.toThrow('no webhook event source for link');
  });
});
