import { NotFoundError, ValidationError } from '@linkhub/shared/errors/app-error';
import { toErrorEnvelope } from '@linkhub/shared/errors/envelope';
import { authorize } from '@linkhub/shared/permissions/authorize';
import { denialError } from '@linkhub/shared/permissions/decision';
import { createLinkInputSchema, type CreateLinkInput } from '@linkhub/shared/schemas/links';
import type { AppDeps } from '../deps';
import { inItemSavepoint } from '../batch/item-savepoint';
import { loadAuthorizeInput } from '../commands/authorization';
import { PostCommitEffects } from '../commands/effects';
import { classifyMutationError } from '../replicache/refusal';
import type { V1Caller } from './caller';
import type { BulkLinkResult } from './bulk-links-schema';
import { createLinkSteps, type DomainIdOf } from './link-create';
import { warmDestinationDns } from './dns-warm';
import { domainIdForHost } from './queries/domains';
import { findLinks } from './queries/links';
import { serializeLink } from './serializers/links';

export type BulkCreateOutcome = { data: BulkLinkResult[]; meta: { created: number; failed: number } };

type Prepared = { index: number; input: CreateLinkInput } | { index: number; error: unknown };
type Outcome = { index: number; id: string } | { index: number; error: unknown };

/**
 * `POST /v1/links/bulk`: every item is the createLink command of `POST /v1/links`, each in its own
 * savepoint of one transaction, so an item that fails (invalid, slug taken, plan limit reached…)
 * fails alone; post-commit effects (write-through, jobs, pokes) run once for the request.
 */
export async function bulkCreateLinks(
  deps: AppDeps,
  caller: V1Caller,
  requestId: string,
  items: readonly unknown[],
): Promise<BulkCreateOutcome> {
  await gateBulkCreate(deps, caller);
  const prepared = items.map(prepareItem);
  await warmDestinationDns(
    deps.resolveHost,
    prepared.flatMap((p) => ('input' in p ? [p.input.destination_url] : [])),
  );

  const runner = deps.commands;
  const batch = new PostCommitEffects();
  const { outcomes, records } = await runner.inTransaction(async (scope) => {
    const domainIdOf = memoDomainIds((host) => domainIdForHost(scope.tx, caller.workspaceId, host));
    const done: Outcome[] = [];
    for (const item of prepared) {
      if (!('input' in item)) {
        done.push(item);
        continue;
      }
      try {
        const id = await inItemSavepoint(scope, async (own) => {
          const { id, steps } = await createLinkSteps(caller.workspaceId, item.input, domainIdOf);
          for (const step of steps) await runner.run(own, caller.by, step.name, step.args, requestId);
          return id;
        });
        done.push({ index: item.index, id });
      } catch (raw) {
        const failure = classifyMutationError(raw);
        if (failure.kind === 'retry') throw failure.error;
        if (failure.unexpected) runner.reportUnexpected(raw, { mutation: 'createLink', requestId });
        done.push({ index: item.index, error: failure.error });
      }
    }
    const ids = done.flatMap((o) => ('id' in o ? [o.id] : []));
    return { outcomes: done, records: await findLinks(scope.tx, caller.workspaceId, ids) };
  }, batch);
  await runner.flush(batch);

  const byId = new Map(records.map((r) => [r.id, r]));
  const data = outcomes.map((o): BulkLinkResult => {
    const record = 'id' in o ? byId.get(o.id) : undefined;
    if (record) return { index: o.index, status: 'created', link: serializeLink(record) };
    return {
      index: o.index,
      status: 'failed',
      error: itemError('error' in o ? o.error : new NotFoundError(), requestId),
    };
  });
  const created = data.filter((d) => d.status === 'created').length;
  return { data, meta: { created, failed: data.length - created } };
}

/**
 * Who may import at all is decided once, for the request, by the same authorize() the command
 * runs: a non-member, a missing scope or role is the request's answer (404, 403), not 100 copies of
 * it. Only a plan limit is left to the items, so a batch that reaches the limit keeps what fit.
 */
async function gateBulkCreate(deps: AppDeps, caller: V1Caller): Promise<void> {
  const decision = authorize(
    await loadAuthorizeInput(deps.pool, caller.by, 'link.create', caller.workspaceId),
  );
  if (!decision.allow && decision.code !== 'plan_limit_reached') throw denialError(decision);
}

function prepareItem(raw: unknown, index: number): Prepared {
  const parsed = createLinkInputSchema.safeParse(raw);
  return parsed.success
    ? { index, input: parsed.data }
    : { index, error: ValidationError.fromZod(parsed.error) };
}

/** The envelope's error without its request id (the request has one; the item is inside it). */
function itemError(
  error: unknown,
  requestId: string,
): Extract<BulkLinkResult, { status: 'failed' }>['error'] {
  const { code, message, details } = toErrorEnvelope(error, requestId).body.error;
  return { code, message, details: [...details] };
}

/** One lookup per host named in the request (an unknown host fails every item naming it, alike). */
function memoDomainIds(lookup: DomainIdOf): DomainIdOf {
  const known = new Map<string, Promise<string>>();
  return (host) => {
    const key = host.toLowerCase();
    const found = known.get(key) ?? lookup(key);
    known.set(key, found);
    return found;
  };
}
