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
import type { SvgRasteriser } from '@linkhub/shared/server/artifacts/logo-upload';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import type { SecretBox } from '@linkhub/shared/server/crypto/secret-box';
import type { CacheDeps } from './cache-deps';
import type { EventOf, ResourceWebhookEvent, WebhookResource } from './webhook-event-source';

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

/**
 * What commands use beyond their transaction, built once in the composition root (deps.ts) and handed
 * to every command through its context: commands are module-level objects and close over nothing.
 */
export type CommandDeps = {
  /** Where the post-commit write-through of the edge's keys goes. */
  readonly cache: CacheDeps;
  /** QR designs read uploaded logos from here. */
  readonly artifacts: ArtifactStore;
  /** Draws an SVG logo for the QR printability check. */
  readonly rasteriseSvg: SvgRasteriser;
  /** Seals webhook signing secrets. */
  readonly secrets: SecretBox;
  /** The slug of a create that chooses none (tests force a collision with it). */
  readonly generateSlug: () => string;
  /** Which ports a webhook address may name (tests with a local receiver widen it). */
  readonly allowWebhookPort: (port: number) => boolean;
};

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
  readonly deps: CommandDeps;
  /** The resources' webhook events, as the registry gathered them from the commands (webhook-events.ts). */
  readonly webhookEvents: ResourceEventEmitter;
};

/**
 * Records a resource's webhook event for a change made as the side effect of another command (an
 * experiment's promote), which cannot import that resource (D-531): the resource is a typed name.
 */
export type ResourceEventEmitter = {
  emitResourceEvent<R extends WebhookResource>(
    ctx: CommandContext,
    resource: R,
    type: EventOf<R>,
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
 * The server side of a mutator, a module-level object its resource exports (`updateLinkCommand`): its
 * name, args schema and matrix action(s) are the mutator's own. The runner parses and authorizes from
 * them before `run`, and records `webhookEvent` after it; a command holds only its SQL and effects,
 * and takes what else it uses from `ctx.deps` (D-591).
 */
export type Command<S extends z.ZodType = z.ZodType> = {
  readonly name: string;
  readonly mutator: MutatorDefinition<string, S>;
  readonly run: (ctx: CommandContext, args: z.infer<S>) => Promise<CommandResult>;
  readonly describe?: DescribeRefused;
  /** The webhook event a successful run announces (the resource it reports), if any (D-592). */
  readonly webhookEvent?: ResourceWebhookEvent;
};

export function defineCommand<S extends z.ZodType>(
  mutator: MutatorDefinition<string, S>,
  steps: { run: Command<S>['run']; describe?: DescribeRefused; webhookEvent?: ResourceWebhookEvent },
): Command<S> {
  return { name: mutator.name, mutator, ...steps };
}

/**
 * One command of a REST call (or a bulk item), named by the command object itself: the args are typed
 * by its mutator's schema, and "go to definition" lands on the server code (D-591). `fieldOf` says how
 * the REST body names a field the command refuses (the command's own name otherwise).
 */
export type CommandStep<S extends z.ZodType = z.ZodType> = {
  readonly command: Command<S>;
  readonly args: z.input<S>;
  readonly fieldOf?: (commandField: string) => string;
};

export function commandStep<S extends z.ZodType>(
  command: Command<S>,
  args: z.input<S>,
  fieldOf?: (commandField: string) => string,
): CommandStep<S> {
  return fieldOf === undefined ? { command, args } : { command, args, fieldOf };
}
