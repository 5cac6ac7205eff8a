import { useEffect, useState } from 'react';
import { z } from 'zod';
import { blockTitle } from '@linkhub/shared/blocks/block-title';
import type { BlockView } from '@linkhub/shared/sync/views';
import { api } from '../../../api/api';
import { count } from '../../analytics/number-format';

const rowsSchema = z.array(
  z.object({ value: z.string().nullable(), label: z.string().nullable().optional(), clicks: z.number() }),
);
type Row = { id: string; name: string; clicks: number };

const DAY_MS = 86_400_000;

/**
 * "Clicks per block" of the last 30 days (D-607): the analytics breakdown by block, read when online.
 * A block still on the page is named as it is now; a removed one by the name the server kept.
 */
export function BlockClicksCard({
  workspaceId,
  pageId,
  blocks,
  pulse,
}: {
  workspaceId: string;
  pageId: string;
  blocks: BlockView[];
  pulse: string;
}) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const from = new Date(Date.now() - 30 * DAY_MS).toISOString();
    const query = new URLSearchParams({
      workspace_id: workspaceId,
      resource_id: pageId,
      dimension: 'block',
      event_type: 'click',
      from,
      limit: '50',
    });
    api<unknown>(`/v1/analytics/breakdown?${query.toString()}`).then(
      (data) => {
        if (!live) return;
        const parsed = rowsSchema.safeParse(data);
        setFailed(!parsed.success);
        if (parsed.success)
          setRows(
            parsed.data.flatMap((r) =>
              r.value === null || r.clicks === 0
                ? []
                : [{ id: r.value, name: r.label ?? r.value, clicks: r.clicks }],
            ),
          );
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [workspaceId, pageId, pulse]);
  const current = new Map(blocks.map((b) => [b.id, blockTitle(b.type, b.data)]));
  const most = Math.max(1, ...(rows ?? []).map((r) => r.clicks));
  return (
    <section className="panel" aria-labelledby="block-clicks-title" data-testid="block-clicks">
      <h2 id="block-clicks-title">Clicks per block</h2>
      <p className="muted">The last 30 days, people only (bots are left out).</p>
      {failed && <p className="muted">The counts could not be loaded (offline?).</p>}
      {rows !== null && rows.length === 0 && <p className="muted">No clicks yet.</p>}
      {rows !== null && rows.length > 0 && (
        <ol className="list block-clicks">
          {rows.map((r) => (
            <li key={r.id}>
              <span>{current.get(r.id) ?? r.name}</span>
              <meter min={0} max={most} value={r.clicks} aria-hidden="true" />
              <strong>{count(r.clicks)}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
