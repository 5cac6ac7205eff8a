import type { MutatorDefinition } from '@linkhub/shared/mutators/define';
import type { Command } from './types';
import { WebhookEvents } from './webhook-events';

/**
 * Every command, keyed by its mutator (D-533): a REST step names the mutator object (typed args), the
 * push door looks up the name a client sent. Built from the command objects themselves, so two
 * commands of one name fail here, at start-up, instead of one silently replacing the other.
 */
export class CommandRegistry {
  private readonly byMutatorName: ReadonlyMap<string, Command>;

  constructor(
    commands: readonly Command[],
    readonly events: WebhookEvents = new WebhookEvents([]),
  ) {
    const byName = new Map<string, Command>();
    for (const command of events.withEvents(commands)) {
      if (byName.has(command.name)) throw new Error(`two commands are named ${command.name}`);
      byName.set(command.name, command);
    }
    this.byMutatorName = byName;
  }

  /** The command a client's mutation names (the name is data from the push); undefined when none. */
  named(name: string): Command | undefined {
    return this.byMutatorName.get(name);
  }

  /** The command of a mutator the code names; its absence is a wiring mistake, not bad input. */
  of(mutator: MutatorDefinition): Command {
    const command = this.byMutatorName.get(mutator.name);
    if (command?.mutator !== mutator) throw new Error(`no command is registered for ${mutator.name}`);
    return command;
  }

  names(): ReadonlySet<string> {
    return new Set(this.byMutatorName.keys());
  }
}
