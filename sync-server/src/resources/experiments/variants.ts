import { ValidationError } from '@linkhub/shared/errors/app-error';
import type { VariantInput } from '@linkhub/shared/experiments/schemas';
import type { PageVariantChange } from '@linkhub/shared/experiments/page-experiment';
import type { TestedResource } from './tested-resource';
import { assertSafeBlockDestination, assertSafeDestination } from '../../kernel/destination-safety';
import type { CommandContext } from '../../kernel/types';

export type VariantRowInput = Omit<VariantInput, 'destination_url'> & {
  id: string;
  is_control: boolean;
  destination_url: string | null;
  payload: PageVariantChange;
};

/** Bio page variants change the page, never send elsewhere; they may only name the published blocks. */
function pageVariantRows(
  resource: TestedResource,
  variants: readonly VariantInput[],
  ids: readonly string[],
  controlIndex: number,
): VariantRowInput[] {
  const types = new Map(resource.blocks.map((b) => [b.id, b.type]));
  return variants.map((v, i) => {
    const refuse = (field: string, issue: string, message: string): never => {
      throw new ValidationError([{ field: `variants.${i}.${field}`, issue, message }]);
    };
    if (v.destination_url !== undefined)
      refuse('destination_url', 'not_supported', 'A bio page variant changes the page: use "page".');
    const change = v.page ?? {};
    for (const id of change.block_order ?? [])
      if (!types.has(id)) refuse('page.block_order', 'not_found', `No published block has the id ${id}.`);
    if (change.block !== undefined && types.get(change.block.id) !== 'link')
      refuse('page.block.id', 'not_found', 'Name a link block of the published page.');
    return { ...v, id: ids[i] ?? '', is_control: i === controlIndex, destination_url: null, payload: change };
  });
}

/** Variants with a destination each (the control defaults to the resource's own), checked for safety. */
export async function variantRows(
  ctx: CommandContext,
  resource: TestedResource,
  variants: readonly VariantInput[],
  ids: readonly string[],
): Promise<VariantRowInput[]> {
  if (ids.length !== variants.length)
    throw new ValidationError([{ field: 'variant_ids', issue: 'count_mismatch' }]);
  const controlIndex = Math.max(
    0,
    variants.findIndex((v) => v.is_control === true),
  );
  if (resource.type === 'bio_page') {
    const rows = pageVariantRows(resource, variants, ids, controlIndex);
    // A variant's link URL is where the click hop sends visitors: the same check as a link block's.
    for (const [i, v] of variants.entries())
      if (v.page?.block?.url !== undefined)
        await assertSafeBlockDestination(v.page.block.url, ctx.resolveHost, `variants.${i}.page.block.url`);
    return rows;
  }
  return Promise.all(
    variants.map(async (v, i) => {
      const isControl = i === controlIndex;
      const destination = v.destination_url ?? (isControl ? resource.destinationUrl : null);
      if (destination === null)
        throw new ValidationError([
          {
            field: `variants.${i}.destination_url`,
            issue: 'required',
            message: 'Where does this variant send visitors?',
          },
        ]);
      if (v.page !== undefined)
        throw new ValidationError([
          {
            field: `variants.${i}.page`,
            issue: 'not_supported',
            message: 'Only bio page variants change a page.',
          },
        ]);
      if (v.destination_url !== undefined)
        await assertSafeDestination(v.destination_url, ctx.resolveHost, `variants.${i}.destination_url`);
      return { ...v, id: ids[i] ?? '', is_control: isControl, destination_url: destination, payload: {} };
    }),
  );
}

export async function insertVariants(
  ctx: CommandContext,
  experimentId: string,
  workspaceId: string,
  variants: readonly VariantRowInput[],
): Promise<void> {
  await ctx.tx.query(
    `INSERT INTO experiment_variants (id, experiment_id, workspace_id, key, name, is_control, weight, destination_url, payload)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::boolean[], $7::int[], $8::text[], $9::jsonb[])`,
    [
      variants.map((v) => v.id),
      variants.map(() => experimentId),
      variants.map(() => workspaceId),
      variants.map((v) => v.key),
      variants.map((v) => v.name),
      variants.map((v) => v.is_control),
      variants.map((v) => v.weight),
      variants.map((v) => v.destination_url),
      variants.map((v) => JSON.stringify(v.payload)),
    ],
  );
}
