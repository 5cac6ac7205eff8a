import type { PageVariantChange } from '@linkhub/shared/experiments/page-experiment';

/** What the create screen's B of a bio page test changes on one link block; any combination. */
export type PageChallengerChoice = {
  readonly blockId: string;
  readonly first: boolean;
  /** null: keep the block's label. */
  readonly label: string | null;
  /** null: keep the block's URL. */
  readonly url: string | null;
};

/** B's page change, or null when nothing is chosen (B would be A). Blank texts count as unchosen. */
export function pageChallengerChange(choice: PageChallengerChoice): PageVariantChange | null {
  const label = choice.label?.trim() ?? '';
  const url = choice.url?.trim() ?? '';
  const block =
    label === '' && url === ''
      ? undefined
      : { id: choice.blockId, ...(label === '' ? {} : { label }), ...(url === '' ? {} : { url }) };
  if (!choice.first && block === undefined) return null;
  return {
    ...(choice.first ? { block_order: [choice.blockId] } : {}),
    ...(block === undefined ? {} : { block }),
  };
}
