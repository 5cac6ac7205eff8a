import { listNotices } from '../replicache/queries';
import { useRep } from '../replicache/rep-context';
import { useSubscribe } from '../replicache/use-subscribe';
import { ConflictCard, conflictDetails } from '../features/conflicts/conflict-card';
import { navigate } from '../router/router';
import { useWorkspace } from '../workspace/workspace-context';
import { noticesForWorkspace, noticeTarget } from './notice-scope';

/**
 * Changes the server refused, each with the server's sentence (what and why) and a link to what it
 * is about, dismissable one by one or all at once; a change that met a newer edit shows both texts
 * and the choice (D-500). Only this workspace's notices show (D-525).
 */
export function NoticesPanel() {
  const rep = useRep();
  const { workspace } = useWorkspace();
  const all = useSubscribe((tx) => listNotices(tx), [], []);
  const notices = noticesForWorkspace(all, workspace.id);
  if (notices.length === 0) return null;
  return (
    <section className="notices" aria-label="Refused changes">
      <ul>
        {notices.map((n) => {
          const conflict = conflictDetails(n);
          const target = noticeTarget(n);
          return (
            <li key={n.id}>
              {conflict ? (
                <ConflictCard notice={n} details={conflict} open />
              ) : (
                <>
                  <span role="alert">{n.message}</span>
                  {target && (
                    <a
                      href={target.href}
                      onClick={(e) => {
                        e.preventDefault();
                        navigate(target.href);
                      }}
                    >
                      {target.label}
                    </a>
                  )}
                  <button type="button" onClick={() => void rep.mutate.dismissNotice({ id: n.id })}>
                    Dismiss
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {notices.length > 1 && (
        <button
          type="button"
          onClick={() => {
            for (const n of notices) void rep.mutate.dismissNotice({ id: n.id });
          }}
        >
          Dismiss all {notices.length}
        </button>
      )}
    </section>
  );
}
