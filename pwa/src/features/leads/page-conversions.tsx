import { useEffect, useState } from 'react';
import { conversionsSchema, type Conversions } from '@linkhub/shared/schemas/leads';
import type { BlockView } from '@linkhub/shared/sync/views';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';

/** A bio page's sign-ups as conversions in the analytics window: the page's total, the rate per view, and per sign-up block. */
export function PageConversions({
  workspaceId,
  pageId,
  from,
  to,
  pageViews,
  blocks,
}: {
  workspaceId: string;
  pageId: string;
  from: string;
  to: string;
  pageViews: number | null;
  blocks: readonly BlockView[];
}) {
  const [data, setData] = useState<Conversions | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({ workspace_id: workspaceId, page_id: pageId, from, to });
    api<unknown>(`/v1/leads/conversions?${query.toString()}`)
      .then((d) => live && setData(conversionsSchema.parse(d)))
      .catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [workspaceId, pageId, from, to]);
  if (error) return <p className="error">{error}</p>;
  if (!data) return null;
  const rate =
    pageViews !== null && pageViews > 0
      ? ` (${((data.conversions / pageViews) * 100).toFixed(1)} % of page views)`
      : '';
  const title = (id: string | null) => {
    const block = blocks.find((b) => b.id === id);
    const heading = block?.data.title;
    return typeof heading === 'string' && heading !== '' ? heading : 'A removed sign-up block';
  };
  return (
    <section aria-label="Conversions" className="panel">
      <p>
        <strong>Sign-ups (conversions): {data.conversions}</strong>
        {rate}
      </p>
      {data.by_block.length > 1 && (
        <ul>
          {data.by_block.map((b) => (
            <li key={b.block_id ?? 'none'}>
              {title(b.block_id)}: {b.conversions}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
