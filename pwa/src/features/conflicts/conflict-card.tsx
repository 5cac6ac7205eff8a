import { useState } from 'react';
import { z } from 'zod';
import {
  conflictDetailSchema,
  CONFLICT_NOTICE_CODE,
  type ConflictDetail,
} from '@linkhub/shared/mutators/base';
import type { NoticeView } from '@linkhub/shared/sync/views';
import { useRep } from '../../replicache/rep-context';
import { navigate } from '../../router/router';

const detailsSchema = z.array(conflictDetailSchema);

/** The conflicted fields of a notice, or null when it is another kind of notice. */
export function conflictDetails(notice: NoticeView): ConflictDetail[] | null {
  if (notice.code !== CONFLICT_NOTICE_CODE) return null;
  const parsed = detailsSchema.safeParse(notice.details);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

/** Where the edited item opens. */
export function resourcePath(notice: Pick<NoticeView, 'resource_type' | 'resource_id'>): string | null {
  if (notice.resource_id === null) return null;
  switch (notice.resource_type) {
    case 'bio_page':
      return `/pages/${notice.resource_id}`;
    case 'link':
      return `/links/${notice.resource_id}`;
    case 'qr_code':
      return `/qr/${notice.resource_id}`;
    case 'domain':
      return '/domains';
    case 'workspace':
      return '/settings';
    default:
      return null;
  }
}

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  bio: 'Bio',
  handle: 'Handle',
  destination_url: 'Destination',
  'data.text': 'Text',
  'data.label': 'Label',
  'data.url': 'Address',
  name: 'Name',
  time_zone: 'Time zone',
};

const shown = (value: unknown): string =>
  value === null ? '(empty)' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * A change that met a newer one (D-500): for each field the user's text beside the one kept, and the
 * choice. "Keep mine" issues the user's text again as a fresh edit over the newer one; "Keep theirs"
 * leaves the stored text and dismisses the notice.
 */
export function ConflictCard({
  notice,
  details,
  open,
}: {
  notice: NoticeView;
  details: ConflictDetail[];
  open?: boolean;
}) {
  const rep = useRep();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const path = resourcePath(notice);
  const keepMine = async () => {
    setBusy(true);
    try {
      // Loaded on demand: the mutators' schemas are not part of the app's first script.
      const { reissueMine } = await import('./reissue');
      for (const detail of details) await reissueMine(rep, detail);
      await rep.mutate.dismissNotice({ id: notice.id });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Your text could not be saved.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      className="conflict"
      role="group"
      aria-label={`Conflict on ${notice.resource_title ?? 'an item'}`}
      data-testid="conflict"
    >
      <p role="alert">{notice.message}</p>
      {details.map((d) => (
        <div className="conflict-field two" key={d.field} data-field={d.field}>
          <div>
            <strong>{FIELD_LABELS[d.field] ?? d.field.replace(/^data\./, '')}: yours</strong>
            <p className="conflict-mine" data-testid="conflict-mine">
              {shown(d.mine)}
            </p>
          </div>
          <div>
            <strong>{FIELD_LABELS[d.field] ?? d.field.replace(/^data\./, '')}: theirs (kept)</strong>
            <p className="conflict-theirs" data-testid="conflict-theirs">
              {shown(d.theirs)}
            </p>
          </div>
        </div>
      ))}
      <div className="row">
        <button type="button" className="primary" disabled={busy} onClick={() => void keepMine()}>
          Keep mine
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void rep.mutate.dismissNotice({ id: notice.id })}
        >
          Keep theirs
        </button>
        {open && path && (
          <a
            href={path}
            onClick={(e) => {
              e.preventDefault();
              navigate(path);
            }}
          >
            Open {notice.resource_title ?? 'it'}
          </a>
        )}
      </div>
      {error && <p className="error">{error}</p>}
    </div>
  );
}

/** The conflicts of one item, shown in its editor where the user is working. */
export function ConflictsOf({ notices, resourceId }: { notices: readonly NoticeView[]; resourceId: string }) {
  const mine = notices.flatMap((n) => {
    const details = n.resource_id === resourceId ? conflictDetails(n) : null;
    return details ? [{ notice: n, details }] : [];
  });
  if (mine.length === 0) return null;
  return (
    <section className="conflicts" aria-label="Changes that met a newer edit">
      {mine.map(({ notice, details }) => (
        <ConflictCard key={notice.id} notice={notice} details={details} />
      ))}
    </section>
  );
}
