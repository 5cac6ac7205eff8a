import { useEffect, useState } from 'react';
import { restorePreviewSchema } from '@linkhub/shared/mutators/pages';
import type { PageVersionView } from '@linkhub/shared/schemas/page-versions';
import type { PageView } from '@linkhub/shared/sync/views';
import { errorText } from '../../ui/error-messages';
import { useWorkspace } from '../../workspace/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { SnapshotPreview } from './snapshot-preview';
import { fetchPublishedVersions, rememberedVersions, rememberVersions } from './versions-api';
import { numberVersions } from './version-numbers';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The page's published versions (who, when, how many blocks), a preview of any of them, and
 * Restore: the `restorePageVersion` mutation, authorised like every edit (a refusal shows its notice).
 */
export function VersionHistory({ page }: { page: PageView }) {
  const rep = useRep();
  const { workspace, can } = useWorkspace();
  const [versions, setVersions] = useState<PageVersionView[] | null>(() => rememberedVersions(page.id));
  const [error, setError] = useState('');
  const [reload, setReload] = useState(0);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const canRestore = can('bio_page.restore_version') && !page.locked;

  useEffect(() => {
    let live = true;
    fetchPublishedVersions(workspace.id, page.id)
      .then((found) => {
        if (!live) return;
        rememberVersions(page.id, found);
        setVersions(found);
        setError('');
      })
      .catch((e: unknown) => {
        if (live) setError(errorText(e));
      });
    return () => {
      live = false;
    };
    // A publish (its server timestamp arrives with the pull) adds a version.
  }, [workspace.id, page.id, page.published_at, reload]);

  const numbered = numberVersions(versions ?? []);
  const shown = numbered.find((v) => v.version === previewing) ?? null;

  const restore = (v: (typeof numbered)[number]) => {
    setConfirming(null);
    // The previewed snapshot lets the editor show the restore at once, offline too; the server uses its own copy.
    const preview = restorePreviewSchema.safeParse(v.snapshot);
    void rep.mutate.restorePageVersion({
      id: page.id,
      workspace_id: workspace.id,
      version: v.version,
      ...(preview.success ? { preview: preview.data } : {}),
    });
    setSaid(
      `Restored version ${v.number} into the draft${navigator.onLine ? '' : ' (it reaches the server when you are online)'}. Publish to make it public again.`,
    );
  };

  return (
    <section aria-labelledby="history-title" className="panel">
      <div className="row">
        <h2 id="history-title">Version history</h2>
        <button type="button" onClick={() => setReload((n) => n + 1)}>
          Refresh
        </button>
      </div>
      <p aria-live="polite">{said}</p>
      {error && (
        <p className="error" role="status">
          {versions === null
            ? `Version history could not be loaded: ${error}`
            : `Showing the list last loaded: ${error}`}
        </p>
      )}
      {versions !== null && versions.length === 0 && (
        <p className="muted">Nothing published yet: each publish is kept here.</p>
      )}
      <ol className="list versions-list" reversed>
        {numbered.map((v) => (
          <li key={v.version} data-version={v.number}>
            <span>
              <strong>Version {v.number}</strong> published {when(v.created_at)}
              {v.created_by && ` by ${v.created_by.name || v.created_by.email}`} · {v.block_count} block
              {v.block_count === 1 ? '' : 's'}
              {v.draft_revision === page.published_revision && <span className="badge"> live</span>}
            </span>
            <span className="row">
              <button
                type="button"
                aria-pressed={previewing === v.version}
                onClick={() => setPreviewing(previewing === v.version ? null : v.version)}
              >
                {previewing === v.version ? `Hide version ${v.number}` : `Preview version ${v.number}`}
              </button>
              {canRestore &&
                (confirming === v.version ? (
                  <>
                    <button type="button" className="primary" onClick={() => restore(v)}>
                      Replace the draft with version {v.number}
                    </button>
                    <button type="button" onClick={() => setConfirming(null)}>
                      Cancel
                    </button>
                  </>
                ) : (
                  <button type="button" onClick={() => setConfirming(v.version)}>
                    Restore version {v.number}
                  </button>
                ))}
            </span>
          </li>
        ))}
      </ol>
      {shown && (
        <figure>
          <figcaption>
            Version {shown.number} as it was published ({shown.block_count} block
            {shown.block_count === 1 ? '' : 's'})
          </figcaption>
          <SnapshotPreview
            snapshot={shown.snapshot}
            title={`Version ${shown.number} of @${page.handle}`}
            fallback="This version cannot be shown."
          />
        </figure>
      )}
    </section>
  );
}
