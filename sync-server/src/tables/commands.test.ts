import { describe, expect, it } from 'vitest';
import { MUTATOR_NAMES } from '@linkhub/shared/mutators/index';
import { createLink } from '@linkhub/shared/mutators/links';
import { defineCommand } from '../kernel/types';
import { updateLinkCommand } from '../resources/links/commands';
import { COMMANDS, commandRegistry } from './commands';

describe('the command table', () => {
  it('holds a command for every mutator a client can queue, each the registered object a REST step names', () => {
    const registry = commandRegistry();
    expect(MUTATOR_NAMES.filter((name) => !registry.names().has(name))).toEqual([]);
    expect(registry.names().size).toBe(COMMANDS.length);
    expect(registry.registered(updateLinkCommand)).toBe(updateLinkCommand);
    for (const command of COMMANDS) expect(registry.named(command.mutator.name)).toBe(command);
  });

  it('fails at start-up when two commands share a name', () => {
    const second = defineCommand(createLink, { run: async () => ({ workspaceId: 'w' }) });
    expect(() => commandRegistry([...COMMANDS, second])).toThrow('two commands are named createLink');
  });

  it('fails at start-up when a mutator has no command', () => {
    expect(() => commandRegistry(COMMANDS.filter((c) => c !== updateLinkCommand))).toThrow(
      'mutators without a command: updateLink',
    );
  });
});
