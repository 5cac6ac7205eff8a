import { useEffect, useId, useState } from 'react';
import type { HistoryEntry, HistoryResourceType } from '@linkhub/shared/schemas/history';
import { errorText } from '../../ui/error-messages';
import { useWorkspace } from '../../workspace/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { fetchHistory } from './history-api';
import { displayValue, FieldValue } from './field-value';
import { restoreFor, restoreValue } from './restore';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const FIELD_NAMES: Record<string, string> = {
  destination_url: 'Destination',
  not_found_url: 'Not-found address',
  starts_at: 'Starts',
  expires_at: 'Expires',
  utm: 'UTM tags',
  is_visible: 'Shown on the page',
  deleted_at: 'Removed',
  domain_id: 'Domain',
  rules: 'Targeting rules',
  destinations: 'Split destinations',
  design: 'QR design',
  position: 'Position on the page',
  expired_destination_url: 'Address after it ends',
  max_clicks: 'Maximum visits',
  root_redirect_url: 'Root redirect',
  expired_url: 'Address after it ends',
  'data.visible_from': 'Block shows from',
  'data.visible_until': 'Block shows until',
  'data.notice': 'Notice before the link',
  notice: 'Sensitive-content notice',
};

/** `data.title` → "Block title", `theme.background` → "Theme background", `destination_url` → "Destination". */
export function fieldName(field: string): string {
  const known = FIELD_NAMES[field];
  if (known) return known;
  const words = field.replace(/^data\./, 'block.').replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `link.destination_changed` → "destination changed", `bio_block.added` → "block added". */
function actionText(entry: HistoryEntry): string {
  const [domain = '', verb = entry.action] = entry.action.split('.');
  return `${domain === 'bio_block' ? 'block ' : ''}${verb.replace(/_/g, ' ')}`;
}

type Props = {
  type: HistoryResourceType;
  id: string;
  /** Changes when the resource does (its `updated_at`): the list is fetched again. */
  refreshKey: string;
  /** Whether this person may edit the resource (restoring is an ordinary edit). */
  canRestore: boolean;
};

/**
 * Every saved change of one resource, newest first: who, when, from which device, and each field
 * before → after, with "Restore this value" (the ordinary update for that one field: a fresh edit,
 * itself recorded). D-505.
 */
export function HistoryPanel({ type, id, refreshKey, canRestore }: Props) {
  const rep = useRep();
  const { workspace } = useWorkspace();
  const titleId = useId();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [reload, setReload] = useState(0);
  const [said, setSaid] = useState('');

  useEffect(() => {
    let live = true;
    fetchHistory(workspace.id, type, id, null)
      .then((page) => {
        if (!live) return;
        setEntries(page.entries);
        setNextCursor(page.nextCursor);
        setError('');
      })
      .catch((e: unknown) => {
        if (live) setError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [workspace.id, type, id, refreshKey, reload]);

  const older = () => {
    if (!nextCursor) return;
    fetchHistory(workspace.id, type, id, nextCursor)
      .then((page) => {
        setEntries((shown) => [...(shown ?? []), ...page.entries]);
        setNextCursor(page.nextCursor);
      })
      .catch((e: unknown) => setError(errorText(e)));
  };

  const target = { type, id, workspaceId: workspace.id };
  // The newest change of each field holds its current value: restoring it would change nothing.
  const seen = new Set<string>();
  const isCurrent = new Set<string>();
  for (const entry of entries ?? [])
    for (const f of entry.fields) {
      const key = `${entry.block_id ?? ''}/${f.field}`;
      if (!seen.has(key)) isCurrent.add(`${entry.id}/${key}`);
      seen.add(key);
    }

  return (
    <section aria-labelledby={titleId} className="panel history-panel">
      <div className="row">
        <h2 id={titleId}>Change history</h2>
        <button type="button" onClick={() => setReload((n) => n + 1)}>
          Refresh history
        </button>
      </div>
      <p aria-live="polite">{said}</p>
      {error && (
        <p className="error" role="status">
          {entries === null
            ? `History could not be loaded: ${error}`
            : `Showing the list last loaded: ${error}`}
        </p>
      )}
      {entries !== null && entries.length === 0 && <p className="muted">No saved changes yet.</p>}
      <ol className="list history-list">
        {(entries ?? []).map((entry) => (
          <li key={entry.id} data-kind={entry.kind} data-action={entry.action}>
            <p className="history-who">
              <strong>{entry.actor.name ?? 'Someone'}</strong> {actionText(entry)} ·{' '}
              <time dateTime={entry.occurred_at}>{when(entry.occurred_at)}</time>
              {entry.device && <> · {entry.device}</>}
            </p>
            {entry.fields.length > 0 && (
              <dl className="history-fields">
                {entry.fields.map((f) => {
                  const name = fieldName(f.field);
                  const current = isCurrent.has(`${entry.id}/${entry.block_id ?? ''}/${f.field}`);
                  const value = restoreValue(f, current);
                  const restore =
                    canRestore && value.offered ? restoreFor(target, entry, f.field, value.to) : null;
                  return (
                    <div key={f.field} data-field={f.field}>
                      <dt>{name}</dt>
                      <dd>
                        <FieldValue value={f.before} label={`${name} before`} /> →{' '}
                        <FieldValue value={f.after} label={`${name} after`} />
                        {restore && (
                          <button
                            type="button"
                            onClick={() => {
                              void restore(rep);
                              setSaid(
                                f.field === 'deleted_at'
                                  ? 'Block restored where it was. It is saved as a new change.'
                                  : `${name} restored. It is saved as a new change.`,
                              );
                            }}
                          >
                            {f.field === 'deleted_at' ? 'Restore this block' : 'Restore this value'}
                            {/* The name in the button's text, not an aria-label: a form field's label search must not find it. */}
                            {f.field !== 'deleted_at' && (
                              <span className="sr-only">
                                {` (${name}: “${displayValue(f.after).slice(0, 40)}”)`}
                              </span>
                            )}
                          </button>
                        )}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            )}
          </li>
        ))}
      </ol>
      {nextCursor && (
        <button type="button" onClick={older}>
          Show older changes
        </button>
      )}
    </section>
  );
}
