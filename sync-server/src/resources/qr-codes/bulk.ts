import {
  AppError,
  NotFoundError,
  RenamedFieldsError,
  ValidationError,
} from '@linkhub/shared/errors/app-error';
import { authorize } from '@linkhub/shared/permissions/authorize';
import { denialError } from '@linkhub/shared/permissions/decision';
import { createQrCodeInputSchema, type CreateQrCodeInput } from '@linkhub/shared/schemas/qr-codes';
import type { AppDeps } from '../../http/app-deps';
import { inItemSavepoint } from '../../kernel/item-savepoint';
import { loadAuthorizeInput } from '../../kernel/authorization';
import { BatchMemo } from '../../kernel/batch-memo';
import { PostCommitEffects } from '../../kernel/effects';
import type { TxScope } from '../../kernel/runner';
import { classifyMutationError } from '../../sync/refusal';
import type { V1Caller } from '../../http/caller';
import { itemError, memoDomainIds, warmDestinationDns } from '../links';
import type { BulkQrCodeResult } from './bulk-schema';
import { createQrCodeStep } from './create';
import { domainIdForHost } from '../domains';
import { findQrCodes } from './queries';
import { applyBrandKits } from './brand-kits';
import type { CommandStep } from '../../http/run';
import { serializeQrCode } from './serializer';

export type BulkCreateQrOutcome = { data: BulkQrCodeResult[]; meta: { created: number; failed: number } };

type Prepared = { index: number; input: CreateQrCodeInput } | { index: number; error: unknown };
type Outcome = { index: number; id: string } | { index: number; error: unknown };

/**
 * `POST /v1/qr-codes/bulk`: every item is the createQrCode command of `POST /v1/qr-codes` (its
 * design check, its slug reservation, its plan limit), all in one transaction with a savepoint per
 * item, so an item that fails (invalid, unscannable design, slug taken, plan limit reached…) fails
 * alone and the others commit; a brand kit (the request's, or an item's own) is applied to each body
 * before it is parsed, exactly as for one code; post-commit effects (write-through, jobs, pokes) run once for the
 * request. Unlike a link, every code writes a reservation the database may refuse, so every item is
 * isolated (the links' fast path without savepoints would save little next to the scan check).
 */
export async function bulkCreateQrCodes(
  deps: AppDeps,
  caller: V1Caller,
  requestId: string,
  items: readonly unknown[],
  brandKitId?: string,
): Promise<BulkCreateQrOutcome> {
  await gateBulkCreate(deps, caller);
  const withKits = await applyBrandKits(deps.pool, caller.workspaceId, items, brandKitId);
  const prepared = withKits.map((item, index): Prepared =>
    'error' in item ? { index, ...item } : prepareItem(item.body, index),
  );
  await warmDestinationDns(
    deps.resolveHost,
    prepared.flatMap((p) =>
      'input' in p && p.input.destination_url !== undefined ? [p.input.destination_url] : [],
    ),
  );

  const runner = deps.commands;
  const batch = new PostCommitEffects();
  const { outcomes, records } = await runner.inTransaction(async (scope) => {
    const itemScope: TxScope = { ...scope, batchMemo: new BatchMemo() };
    const domainIdOf = memoDomainIds((host) => domainIdForHost(scope.tx, caller.workspaceId, host));
    const done: Outcome[] = [];
    for (const item of prepared) {
      if (!('input' in item)) {
        done.push(item);
        continue;
      }
      try {
        const { id, step } = await createQrCodeStep(caller.workspaceId, item.input, domainIdOf);
        await inItemSavepoint(itemScope, (own) => runStep(deps, own, caller, step, requestId));
        done.push({ index: item.index, id });
      } catch (raw) {
        const failure = classifyMutationError(raw);
        if (failure.kind === 'retry') throw failure.error;
        if (failure.unexpected) runner.reportUnexpected(raw, { mutation: 'createQrCode', requestId });
        done.push({ index: item.index, error: failure.error });
      }
    }
    const ids = done.flatMap((o) => ('id' in o ? [o.id] : []));
    return { outcomes: done, records: await findQrCodes(scope.tx, caller.workspaceId, ids) };
  }, batch);
  await runner.flush(batch);

  const byId = new Map(records.map((r) => [r.id, r]));
  const data = outcomes
    .map((o): BulkQrCodeResult => {
      const record = 'id' in o ? byId.get(o.id) : undefined;
      if (record)
        return { index: o.index, status: 'created', qr_code: serializeQrCode(record, deps.addressOf) };
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

/** The command, its refusal in the REST body's field names (as `runCommands` does for one code). */
async function runStep(
  deps: AppDeps,
  scope: TxScope,
  caller: V1Caller,
  step: CommandStep,
  requestId: string,
): Promise<void> {
  try {
    await deps.commands.run(scope, caller.by, step, requestId);
  } catch (error) {
    if (step.fieldOf !== undefined && error instanceof AppError)
      throw new RenamedFieldsError(error, step.fieldOf);
    throw error;
  }
}

/**
 * Who may create codes at all is decided once, for the request, by the same authorize() the command
 * runs; only a plan limit is left to the items, so a batch that reaches the limit keeps what fit.
 */
async function gateBulkCreate(deps: AppDeps, caller: V1Caller): Promise<void> {
  const decision = authorize(
    await loadAuthorizeInput(deps.pool, caller.by, 'qr_code.create', caller.workspaceId),
  );
  if (!decision.allow && decision.code !== 'plan_limit_reached') throw denialError(decision);
}

function prepareItem(raw: unknown, index: number): Prepared {
  const parsed = createQrCodeInputSchema.safeParse(raw);
  return parsed.success
    ? { index, input: parsed.data }
    : { index, error: ValidationError.fromZod(parsed.error) };
}
