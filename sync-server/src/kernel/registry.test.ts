import { describe, expect, it } from 'vitest';
import { createLink, updateLink } from '@linkhub/shared/mutators/links';
import { createPage } from '@linkhub/shared/mutators/pages';
import { CommandRegistry } from './registry';
import { defineCommand } from './types';
import { resourceEvents } from './webhook-events';

const result = { workspaceId: 'w' };
const create = defineCommand(createLink, { run: async () => result });
const update = defineCommand(updateLink, { run: async () => result });
const load = async () => null;

describe('CommandRegistry', () => {
  it('finds a command by the object a REST step names and by the mutator name a push sends', () => {
    const registry = new CommandRegistry([create, update]);
    expect(registry.registered(update)).toBe(update);
    expect(registry.named('createLink')).toBe(create);
    expect(registry.named('deleteEverything')).toBeUndefined();
  });

  it('refuses to build with two commands of one name, instead of one silently replacing the other', () => {
    const again = defineCommand(createLink, { run: async () => ({ workspaceId: 'other' }) });
    expect(() => new CommandRegistry([create, update, again])).toThrow('two commands are named createLink');
  });

  it('refuses a step whose command is not the registered one (a wiring mistake, not bad input)', () => {
    const registry = new CommandRegistry([create]);
    const page = defineCommand(createPage, { run: async () => result });
    expect(() => registry.registered(page)).toThrow('no command is registered for createPage');
    const lookalike = defineCommand(createLink, { run: async () => result });
    expect(() => registry.registered(lookalike)).toThrow('no command is registered for createLink');
  });

  it('refuses two webhook event sources for one resource among the commands', () => {
    const first = resourceEvents({ resource: 'link', load }, { created: 'link.created' });
    const second = resourceEvents({ resource: 'link', load }, { updated: 'link.updated' });
    expect(
      () =>
        new CommandRegistry([
          defineCommand(createLink, { run: async () => result, webhookEvent: first.created }),
          defineCommand(updateLink, { run: async () => result, webhookEvent: second.updated }),
        ]),
    ).toThrow('two webhook event sources for link');
  });
});
