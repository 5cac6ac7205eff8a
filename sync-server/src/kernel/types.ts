import type pg from 'pg';
import type { z } from 'zod';
import type { MutatorDefinition } from '@linkhub/shared/mutators/define';
import type { Actor } from '@linkhub/shared/permissions/authorize';
import type { AuditActor } from '../identity/audit';
import { auditActorOf, type RequestActor } from '../identity/actor';
import type { PostCommitEffects } from './effects';
import type { ResolveHost } from './destination-safety';
import type { SystemHosts } from './system-hosts';
import type { BatchMemo } from './batch-memo';
import type { WebhookListener } from './webhook-listeners';
import type { MembershipInput } from '@linkhub/shared/permissions/input';
import type { AddressOf } from '@linkhub/shared/url/public-address';
import type { WebhookEvent } from '@linkhub/shared/webhooks/events';

/** One transaction of the command layer, and the effects its commands schedule for after its commit. */
export type TxScope = {
  tx: pg.PoolClient;
  effects: PostCommitEffects;
  /** Set by a batch whose commands change nothing it memoizes (see BatchMemo). */
  batchMemo?: BatchMemo;
};

/**
 * Who runs a command: the resolved request actor, the shapes authorize() and the audit log take,
 * and the device it came from as change history shows it (D-505): a label from the browser family
 * ("Chrome on Android"), or the API key's name; never a User-Agent or an address.
 */
export type CommandActor = {
  request: RequestActor;
  actor: Actor;
  audit: AuditActor;
  userId: string | null;
  device: string | null;
};

export function commandActorOf(request: RequestActor, device?: string | null): CommandActor {
  return {
    request,
    actor: request.actor,
    audit: auditActorOf(request),
    userId: request.kind === 'user' ? request.user.id : request.apiKey.created_by_user_id,
    device:
      request.kind === 'api_key'
        ? `API key “${request.apiKey.name}”`
        : (device ?? request.session.client_label),
  };
}

/** The membership a mutation was authorized with, for the command that follows (a creator's auto-grant). */
export type AuthorizedMember = MembershipInput & { readonly workspaceId: string };

export type CommandContext = {
  readonly tx: pg.PoolClient;
  readonly by: CommandActor;
  readonly requestId: string | null;
  readonly now: Date;
  readonly effects: PostCommitEffects;
  readonly hosts: { readonly linkHost: string; readonly bioHost: string };
  /** DNS for the destination-safety check (injected in tests). */
  readonly resolveHost: ResolveHost;
  /** The address a person opens for a path on one of our hosts (what REST bodies and webhook payloads carry). */
  readonly addressOf: AddressOf;
  readonly systemHosts: SystemHosts;
  /** The membership the mutation was authorized with (null for a user's own notice). */
  readonly member: AuthorizedMember | null;
  /** The workspace's active webhook endpoints, from the authorize load (null: nothing was loaded). */
  readonly webhookListeners: readonly WebhookListener[] | null;
  /** Reads a batch shares (a bulk import); absent in a push. */
  readonly batchMemo?: BatchMemo;
  /** The resources' webhook events, as the command table registered them (webhook-events.ts). */
  readonly webhookEvents: ResourceEventEmitter;
};

/** The resources whose changes webhooks announce. */
export type WebhookResource = 'link' | 'qr_code' | 'bio_page';

/** Records a resource's webhook event for a change made as the side effect of another command (an experiment's promote). */
export type ResourceEventEmitter = {
  emitResourceEvent(
    ctx: CommandContext,
    type: WebhookEvent,
    resource: WebhookResource,
    workspaceId: string,
    id: string,
  ): Promise<void>;
};

/** What a command reports back: the workspace it touched and the resource, for notices, REST bodies and pokes. */
export type CommandResult = {
  readonly workspaceId: string;
  readonly resource?: { readonly type: string; readonly id: string; readonly title?: string | null };
  readonly value?: unknown;
  /** A create's row as its INSERT returned it (pg-parsed columns), for a REST answer without a re-read. */
  readonly row?: Readonly<Record<string, unknown>>;
};

/** Best-effort description of what a refused mutation was about, for the notice ("your change to Spring sale"). */
export type DescribeRefused = (
  ctx: Pick<CommandContext, 'tx'>,
  args: unknown,
) => Promise<{ workspaceId: string | null; resource?: CommandResult['resource'] }>;

/**
 * The server side of a mutator: its name, args schema and matrix action(s) are the mutator's own.
 * The runner parses and authorizes from them before `run`; a command holds only its SQL and effects.
 */
export type Command<S extends z.ZodType = z.ZodType> = {
  readonly name: string;
  readonly mutator: MutatorDefinition<string, S>;
  readonly run: (ctx: CommandContext, args: z.infer<S>) => Promise<CommandResult>;
  readonly describe?: DescribeRefused;
};

export function defineCommand<S extends z.ZodType>(
  mutator: MutatorDefinition<string, S>,
  steps: { run: Command<S>['run']; describe?: DescribeRefused },
): Command<S> {
  return { name: mutator.name, mutator, ...steps };
}

/**
 * One command of a REST call (or a bulk item) named by its mutator, the command's identity: the args
 * are typed by the mutator's schema, so "go to definition" reaches the command's contract (D-533).
 * `fieldOf` says how the REST body names a field the command refuses (the command's own name otherwise).
 */
export type CommandStep<S extends z.ZodType = z.ZodType> = {
  readonly command: MutatorDefinition<string, S>;
  readonly args: z.input<S>;
  readonly fieldOf?: (commandField: string) => string;
};

export function commandStep<S extends z.ZodType>(
  command: MutatorDefinition<string, S>,
  args: z.input<S>,
  fieldOf?: (commandField: string) => string,
): CommandStep<S> {
  return fieldOf === undefined ? { command, args } : { command, args, fieldOf };
}
