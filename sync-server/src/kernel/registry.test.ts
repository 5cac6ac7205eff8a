import { describe, expect, it } from 'vitest';
import { createLink, updateLink } from '@linkhub/shared/mutators/links';
import { createPage } from '@linkhub/shared/mutators/pages';
import { CommandRegistry } from './registry';
import { defineCommand } from './types';
import { WebhookEvents } from './webhook-events';

const result = { workspaceId: 'w' };
const create = defineCommand(createLink, { run: async () => result });
const update = defineCommand(updateLink, { run: async () => result });

describe('CommandRegistry', () => {
  it('finds a command by the mutator object a REST step names and by the name a push sends', () => {
    const registry = new CommandRegistry([create, update]);
    expect(registry.of(updateLink).name).toBe('updateLink');
    expect(registry.named('createLink')?.mutator).toBe(createLink);
    expect(registry.named('deleteEverything')).toBeUndefined();
  });

  it('refuses to build with two commands of one name, instead of one silently replacing the other', () => {
    const again = defineCommand(createLink, { run: async () => ({ workspaceId: 'other' }) });
    expect(() => new CommandRegistry([create, update, again])).toThrow('two commands are named createLink');
  });

  it('refuses a step whose mutator has no command (a wiring mistake, not bad input)', () => {
    const registry = new CommandRegistry([create]);
    expect(() => registry.of(createPage)).toThrow('no command is registered for createPage');
  });

  it('refuses two webhook events for one command', () => {
    const load = async () => null;
    expect(
      () =>
        new WebhookEvents([
          { resource: 'link', load, emittedBy: [{ command: createLink, type: 'link.created' }] },
          { resource: 'qr_code', load, emittedBy: [{ command: createLink, type: 'qr_code.created' }] },
        ]),
    ).toThrow('two webhook events for createLink');
  });
});
