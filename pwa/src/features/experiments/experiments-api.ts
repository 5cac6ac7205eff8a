import { z } from 'zod';
import {
  experimentResultsViewSchema,
  experimentViewSchema,
  type ExperimentResultsView,
  type ExperimentView,
} from '@linkhub/shared/experiments/schemas';
import type { ExperimentStep } from '@linkhub/shared/experiments/lifecycle';
import type { PageVariantChange } from '@linkhub/shared/experiments/page-experiment';
import { api } from '../../api/api';

/**
 * Experiments are read and changed through `/v1/experiments` with the session (D-274): their results
 * are computed on the server and only mean something fresh, so nothing is kept on the device.
 */
const ws = (workspaceId: string) => `workspace_id=${encodeURIComponent(workspaceId)}`;

export async function fetchExperiments(workspaceId: string, resourceId?: string): Promise<ExperimentView[]> {
  const resource = resourceId ? `&resource_id=${encodeURIComponent(resourceId)}` : '';
  return z
    .array(experimentViewSchema)
    .parse(await api<unknown>(`/v1/experiments?${ws(workspaceId)}&limit=100${resource}`));
}

export async function fetchExperiment(workspaceId: string, id: string): Promise<ExperimentView> {
  return experimentViewSchema.parse(
    await api<unknown>(`/v1/experiments/${encodeURIComponent(id)}?${ws(workspaceId)}`),
  );
}

export async function fetchResults(workspaceId: string, id: string): Promise<ExperimentResultsView> {
  return experimentResultsViewSchema.parse(
    await api<unknown>(`/v1/experiments/${encodeURIComponent(id)}/results?${ws(workspaceId)}`),
  );
}

export type NewExperiment = {
  resourceType: 'link' | 'qr_code' | 'bio_page';
  resourceId: string;
  name: string;
  /** Links and QR codes: where B sends visitors; bio pages: what B changes on the page. */
  challenger: { url: string } | { page: PageVariantChange };
  /** The challenger's share, in percent. */
  challengerShare: number;
  baselineRatePercent: number;
  minimumEffectPercent: number;
  /** A link that splits: the user chose to replace the split with the test (D-515). */
  replaceSplit?: boolean;
};

export async function createExperiment(workspaceId: string, input: NewExperiment): Promise<ExperimentView> {
  const challenger = Math.round(input.challengerShare * 100);

  return experimentViewSchema.parse(
    await api<unknown>('/v1/experiments', {
      body: {
        workspace_id: workspaceId,
        resource_type: input.resourceType,
        resource_id: input.resourceId,
        name: input.name,
        variants: [
          { key: 'a', name: 'A', weight: 10_000 - challenger, is_control: true },
          {
            key: 'b',
            name: 'B',
            weight: challenger,
            ...('url' in input.challenger
              ? { destination_url: input.challenger.url }
              : { page: input.challenger.page }),
          },
        ],
        baseline_rate: input.baselineRatePercent / 100,
        minimum_effect: input.minimumEffectPercent / 100,
        ...(input.replaceSplit === true ? { replace_split: true } : {}),
      },
    }),
  );
}

/** One lifecycle step (`promote` names the winner: a running test is concluded first, in one click). */
export async function takeStep(
  workspaceId: string,
  id: string,
  step: Exclude<ExperimentStep, 'update'>,
  winnerVariantId?: string,
  replaceSplit = false,
): Promise<ExperimentView> {
  return experimentViewSchema.parse(
    await api<unknown>(`/v1/experiments/${encodeURIComponent(id)}/${step}`, {
      body: {
        workspace_id: workspaceId,
        ...(winnerVariantId ? { winner_variant_id: winnerVariantId } : {}),
        ...(replaceSplit ? { replace_split: true } : {}),
      },
    }),
  );
}

/**
 * New weights (basis points, by variant key) for the same variants: on a started test this begins a
 * new arm period, whose results are kept apart from the previous one's.
 */
export async function changeWeights(
  workspaceId: string,
  experiment: ExperimentView,
  weights: Readonly<Record<string, number>>,
): Promise<ExperimentView> {
  return experimentViewSchema.parse(
    await api<unknown>(`/v1/experiments/${encodeURIComponent(experiment.id)}`, {
      method: 'PATCH',
      body: {
        workspace_id: workspaceId,
        variants: experiment.variants.map((v) => ({
          key: v.key,
          name: v.name,
          weight: weights[v.key] ?? v.weight,
          is_control: v.is_control,
          ...(v.destination_url === null ? {} : { destination_url: v.destination_url }),
          // A bio page variant keeps what it changes on the page (D-279).
          ...(v.page === null ? {} : { page: v.page }),
        })),
      },
    }),
  );
}
