import { NotFoundError, ValidationError } from '@linkhub/shared/errors/app-error';
import { toErrorEnvelope } from '@linkhub/shared/errors/envelope';
import { authorize } from '@linkhub/shared/permissions/authorize';
import { denialError } from '@linkhub/shared/permissions/decision';
import { createLinkInputSchema, type CreateLinkInput } from '@linkhub/shared/schemas/links';
import type { AppDeps } from '../../http/app-deps';
import { inItemSavepoint } from '../../kernel/item-savepoint';
import { loadAuthorizeInput } from '../../kernel/authorization';
import { BatchMemo } from '../../kernel/batch-memo';
import type { TxScope } from '../../kernel/runner';
import { rows } from '@linkhub/shared/server/db/sql';
import { PostCommitEffects } from '../../kernel/effects';
import { classifyMutationError } from '../../sync/refusal';
import type { V1Caller } from '../../http/caller';
import type { BulkLinkResult } from './bulk-schema';
import { createLinkSteps, type DomainIdOf } from './create';
import type { CommandStep } from '../../http/run';
import { warmDestinationDns } from './dns-warm';
import { domainIdForHost } from '../domains';
import { memoUtmPresets } from '../utm-presets';
import { findLinks } from './queries';
import { serializeLink, type LinkRecord } from './serializer';

export type BulkCreateOutcome = { data: BulkLinkResult[]; meta: { created: number; failed: number } };

type Prepared = { index: number; input: CreateLinkInput } | { index: number; error: unknown };
type Planned = {
  index: number;
  id: string;
  steps: CommandStep[];
  isolate: boolean;
  /** The slug and domain the create step asks for (null: generated, or the workspace's default). */
  slug: string | null;
  domainId: string | null;
};
type Outcome = { index: number; id: string } | { index: number; error: unknown };

/**
 * `POST /v1/links/bulk`: every item is the createLink command of `POST /v1/links` (and its
 * updateLink for a schedule, rules or a split), all in one transaction, so an item that fails
 * (invalid, slug taken, plan limit reached…) fails alone; post-commit effects (write-through, jobs,
 * pokes) run once for the request.
 *
 * An item runs in its own savepoint only where it can fail inside the database: a chosen slug that
 * is taken (or chosen twice in the request), or more than one step. A single createLink otherwise
 * refuses before its first write (args, authorize, destination, domain) — and if the database
 * refuses one anyway (a race), the transaction is rolled back and the request runs again with a
 * savepoint per item. Authorization (with the webhook listeners it loads) is read once for the request's items (BatchMemo).
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
  const attempt = async (
    isolateAll: boolean,
  ): Promise<{ outcomes: Outcome[]; records: LinkRecord[]; batch: PostCommitEffects }> => {
    const batch = new PostCommitEffects();
    const result = await runner.inTransaction(async (scope) => {
      const itemScope: TxScope = { ...scope, batchMemo: new BatchMemo() };
      const { planned, done } = await planItems(scope, caller.workspaceId, prepared, deps.config.LINK_HOST);
      for (const item of planned) {
        try {
          const run = async (own: TxScope): Promise<string> => {
            for (const step of item.steps) await runner.run(own, caller.by, step, requestId);
            return item.id;
          };
          const id =
            isolateAll || item.isolate ? await inItemSavepoint(itemScope, run) : await run(itemScope);
          done.push({ index: item.index, id });
        } catch (raw) {
          if (!isolateAll && !item.isolate && !(await stillUsable(scope))) throw new RunIsolated();
          const failure = classifyMutationError(raw);
          if (failure.kind === 'retry') throw failure.error;
          if (failure.unexpected) runner.reportUnexpected(raw, { mutation: 'createLink', requestId });
          done.push({ index: item.index, error: failure.error });
        }
      }
      const ids = done.flatMap((o) => ('id' in o ? [o.id] : []));
      return { outcomes: done, records: await findLinks(scope.tx, caller.workspaceId, ids) };
    }, batch);
    return { ...result, batch };
  };
  const { outcomes, records, batch } = await attempt(false).catch((error: unknown) => {
    if (error instanceof RunIsolated) return attempt(true);
    throw error;
  });
  await runner.flush(batch);

  const byId = new Map(records.map((r) => [r.id, r]));
  const data = outcomes
    .map((o): BulkLinkResult => {
      const record = 'id' in o ? byId.get(o.id) : undefined;
      if (record) return { index: o.index, status: 'created', link: serializeLink(record, deps.addressOf) };
      return {
        index: o.index,
        status: 'failed',
        error: itemError('error' in o ? o.error : new NotFoundError(), requestId),
      };
    })
    .sort((a, b) => a.index - b.index);
  const created = data.filter((d) => d.status === 'created').length;
  return { data, meta: { created, failed: data.length - created } };
}

/** A database refusal aborted the fast run's transaction: run the request again, an item per savepoint. */
class RunIsolated extends Error {}

/** After an item failed without a savepoint: is the transaction still usable (nothing was written)? */
async function stillUsable(scope: TxScope): Promise<boolean> {
  try {
    await scope.tx.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Each valid item's commands, and whether it needs a savepoint: a chosen slug already held on its
 * host (one query for the request) or chosen by an earlier item, or more than one step.
 */
async function planItems(
  scope: TxScope,
  workspaceId: string,
  prepared: readonly Prepared[],
  linkHost: string,
): Promise<{ planned: Planned[]; done: Outcome[] }> {
  const domainIdOf = memoDomainIds((host) => domainIdForHost(scope.tx, workspaceId, host));
  const utmOfPreset = memoUtmPresets(scope.tx, workspaceId);
  const planned: Planned[] = [];
  const done: Outcome[] = [];
  for (const item of prepared) {
    if (!('input' in item)) {
      done.push(item);
      continue;
    }
    try {
      const { id, steps, slug, domainId } = await createLinkSteps(
        workspaceId,
        item.input,
        domainIdOf,
        utmOfPreset,
      );
      planned.push({ index: item.index, id, steps, isolate: steps.length > 1, slug, domainId });
    } catch (error) {
      done.push({ index: item.index, error });
    }
  }
  const chosen = planned.flatMap((p) =>
    p.slug === null ? [] : [{ item: p, slug: p.slug, domainId: p.domainId }],
  );
  if (chosen.length === 0) return { planned, done };
  const held = await rows<{ i: number }>(
    scope.tx,
    `WITH system_host AS (SELECT id FROM custom_domains WHERE is_system AND hostname = $4)
     SELECT t.i FROM unnest($1::int[], $2::uuid[], $3::text[]) AS t(i, domain_id, slug)
      WHERE EXISTS (SELECT 1 FROM links l WHERE l.domain_id = COALESCE(t.domain_id, (SELECT id FROM system_host)) AND l.slug = t.slug)
         OR EXISTS (SELECT 1 FROM qr_slug_reservations r WHERE r.domain_id = COALESCE(t.domain_id, (SELECT id FROM system_host)) AND r.slug = t.slug)`,
    [chosen.map((_, i) => i), chosen.map((c) => c.domainId), chosen.map((c) => c.slug), linkHost],
  );
  for (const { i } of held) {
    const c = chosen[i];
    if (c) c.item.isolate = true;
  }
  const seen = new Set<string>();
  for (const c of chosen) {
    const key = `${c.domainId ?? ''} ${c.slug.toLowerCase()}`;
    if (seen.has(key)) c.item.isolate = true;
    seen.add(key);
  }
  return { planned, done };
}

/**
 * Who may import at all is decided once, for the request, by the same authorize() the command
 * runs: a non-member, a missing scope or role is the request's answer (404, 403), not 100 copies of
 * it. Only a plan limit is left to the items, so a batch that reaches the limit keeps what fit.
 */
export async function gateBulkCreate(deps: AppDeps, caller: V1Caller): Promise<void> {
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
export function itemError(
  error: unknown,
  requestId: string,
): Extract<BulkLinkResult, { status: 'failed' }>['error'] {
  const { code, message, details } = toErrorEnvelope(error, requestId).body.error;
  return { code, message, details: [...details] };
}

/** One lookup per host named in the request (an unknown host fails every item naming it, alike). */
export function memoDomainIds(lookup: DomainIdOf): DomainIdOf {
  const known = new Map<string, Promise<string>>();
  return (host) => {
    const key = host.toLowerCase();
    const found = known.get(key) ?? lookup(key);
    known.set(key, found);
    return found;
  };
}
