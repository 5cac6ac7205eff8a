import type { Command } from './types';
import { WebhookEvents } from './webhook-events';

/**
 * Every command, derived from the command objects (D-591): a REST step names the object (typed args),
 * the push door looks up the mutator name a client sent. Two commands of one name fail here, at
 * start-up, instead of one silently replacing the other; the webhook event sources are gathered from
 * the same objects.
 */
export class CommandRegistry {
  private readonly byMutatorName: ReadonlyMap<string, Command>;
  readonly events: WebhookEvents;

  constructor(commands: readonly Command[]) {
    const byName = new Map<string, Command>();
    for (const command of commands) {
      if (byName.has(command.name)) throw new Error(`two commands are named ${command.name}`);
      byName.set(command.name, command);
    }
    this.byMutatorName = byName;
    this.events = new WebhookEvents(commands);
  }

  /** The command a client's mutation names (the name is data from the push); undefined when none. */
  named(name: string): Command | undefined {
    return this.byMutatorName.get(name);
  }

  /** A command the code names, checked to be the registered one: its absence is a wiring mistake, not bad input. */
  registered(command: Command): Command {
    if (this.byMutatorName.get(command.name) !== command)
      throw new Error(`no command is registered for ${command.name}`);
    return command;
  }

  names(): ReadonlySet<string> {
    return new Set(this.byMutatorName.keys());
  }
}
