import { useState } from 'react';
import type { MemberView } from '@linkhub/shared/sync/views';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { useWorkspace } from '../../workspace/workspace-context';
import { listFolders, listLinks, listPages, listQrCodes } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { useApi } from '../../ui/use-api';
import { lastGrantOf, removedScopeText, unscopedScopeText, type LastGrantDetail } from './last-grant';

type Grant = {
  id: string;
  member_id: string;
  resource_type: 'bio_page' | 'link' | 'qr_code' | 'folder';
  resource_id: string;
  source: string;
};
type Resource = { key: string; type: Grant['resource_type']; id: string; label: string };

/**
 * Per-resource access of one member (Business, docs/product-rules.md#permissions): a scoped member sees only the bio
 * pages, links and QR codes granted here. The first grant scopes them; "Give full access" unscopes.
 */
export function MemberAccess({
  member,
  onChanged,
}: {
  member: MemberView;
  onChanged: (message: string) => void;
}) {
  const { workspace, capability, can } = useWorkspace();
  const ws = workspace.id;
  const grants = useApi<Grant[]>(`/api/workspaces/${ws}/grants?member_id=${member.id}`);
  const links = useSubscribe((tx) => listLinks(tx, ws), [], [ws]);
  const codes = useSubscribe((tx) => listQrCodes(tx, ws), [], [ws]);
  const pages = useSubscribe((tx) => listPages(tx, ws), [], [ws]);
  // A folder reaches the links in it and in its subfolders (D-622).
  const folders = useSubscribe((tx) => listFolders(tx, ws), [], [ws]);
  const resources: Resource[] = [
    ...folders.map((f) => ({
      key: `folder:${f.id}`,
      type: 'folder' as const,
      id: f.id,
      label: `Folder ${f.name} (its links)`,
    })),
    ...pages.map((p) => ({
      key: `bio_page:${p.id}`,
      type: 'bio_page' as const,
      id: p.id,
      label: `Bio page @${p.handle}`,
    })),
    ...links.map((l) => ({
      key: `link:${l.id}`,
      type: 'link' as const,
      id: l.id,
      label: `Link ${l.title ?? l.slug}`,
    })),
    ...codes.map((q) => ({
      key: `qr_code:${q.id}`,
      type: 'qr_code' as const,
      id: q.id,
      label: `QR code ${q.title ?? q.slug}`,
    })),
  ];
  const granted = new Set((grants.data ?? []).map((g) => `${g.resource_type}:${g.resource_id}`));
  const [choice, setChoice] = useState('');
  const [error, setError] = useState('');
  // The member's last grant was about to go: the server asked what happens next (D-510).
  const [pending, setPending] = useState<{ grant: Grant; detail: LastGrantDetail } | null>(null);
  const create = capability('grant.create');
  const who = member.name || member.email;
  const run = (work: () => Promise<unknown>, done: string, onRefused?: (e: unknown) => boolean) =>
    void work().then(
      () => {
        setError('');
        setPending(null);
        grants.reload();
        onChanged(done);
      },
      (e: unknown) => {
        if (onRefused?.(e)) return;
        setError(errorText(e));
      },
    );
  const revoke = (g: Grant, then?: 'unscope' | 'remove_member') =>
    api(`/api/workspaces/${ws}/grants/${g.id}${then ? `?then=${then}` : ''}`, { method: 'DELETE' });
  const label = (g: Grant) =>
    resources.find((r) => r.key === `${g.resource_type}:${g.resource_id}`)?.label ??
    `${g.resource_type} ${g.resource_id.slice(0, 8)}`;
  const selected = resources.find((r) => r.key === choice);
  // What this screen's store holds of the workspace: everything, for someone who may manage grants.
  const workspaceCounts: LastGrantDetail = {
    role: member.role,
    links: links.length,
    bio_pages: pages.length,
    qr_codes: codes.length,
  };
  return (
    <section className="panel" style={{ flexBasis: '100%' }} aria-label={`Access of ${who}`}>
      <p>
        {member.is_scoped || (grants.data ?? []).length > 0
          ? `${who} sees only what is granted below.`
          : `${who} sees everything in this workspace their role allows.`}
      </p>
      {grants.error && <p className="error">{grants.error}</p>}
      <ul className="list" aria-label={`Granted to ${who}`}>
        {(grants.data ?? []).map((g) => (
          <li key={g.id}>
            <span>
              {label(g)} {g.source !== 'manual' && <small className="muted">({g.source})</small>}
            </span>
            {can('grant.revoke') && (
              <button
                type="button"
                onClick={() =>
                  run(
                    () => revoke(g),
                    `${label(g)} is no longer granted to ${who}.`,
                    (e) => {
                      const detail = lastGrantOf(e);
                      if (detail) setPending({ grant: g, detail });
                      return detail !== null;
                    },
                  )
                }
              >
                Revoke {label(g)}
              </button>
            )}
          </li>
        ))}
      </ul>
      {pending && (
        <div className="banner" role="group" aria-label={`Last grant of ${who}`}>
          <p>
            {label(pending.grant)} is the last item granted to {who}. A member with no grants is not limited
            any more, so choose what happens next.
          </p>
          <div className="toolbar">
            <button
              type="button"
              onClick={() =>
                run(
                  () => revoke(pending.grant, 'unscope'),
                  `${label(pending.grant)} is no longer granted to ${who}, who has full access now.`,
                )
              }
            >
              Give {who} full access: {unscopedScopeText(pending.detail, who, workspace.name)}
            </button>
            {can('member.remove') && (
              <button
                type="button"
                className="danger"
                onClick={() =>
                  run(
                    () => revoke(pending.grant, 'remove_member'),
                    `${label(pending.grant)} is no longer granted to ${who}, and ${who} was removed from the workspace.`,
                  )
                }
              >
                Remove {who} from the workspace: {removedScopeText(who, label(pending.grant), workspace.name)}
              </button>
            )}
            <button type="button" onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {create.allowed ? (
        <div className="toolbar">
          <div className="field">
            <label htmlFor={`grant-${member.id}`}>Grant access to</label>
            <select id={`grant-${member.id}`} value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">Choose a page, link or QR code</option>
              {resources
                .filter((r) => !granted.has(r.key))
                .map((r) => (
                  <option key={r.key} value={r.key}>
                    {r.label}
                  </option>
                ))}
            </select>
          </div>
          <button
            type="button"
            className="primary"
            disabled={!selected}
            onClick={() =>
              selected &&
              run(
                () =>
                  api(`/api/workspaces/${ws}/grants`, {
                    body: { member_id: member.id, resource_type: selected.type, resource_id: selected.id },
                  }),
                `${selected.label} granted to ${who}.`,
              )
            }
          >
            Grant
          </button>
          {(grants.data ?? []).length > 0 && can('grant.revoke') && (
            <button
              type="button"
              onClick={() =>
                run(
                  () => api(`/api/workspaces/${ws}/members/${member.id}/grants`, { method: 'DELETE' }),
                  `${who} has full access again.`,
                )
              }
            >
              Give full access: {unscopedScopeText(workspaceCounts, who, workspace.name)}
            </button>
          )}
        </div>
      ) : (
        create.reason === 'plan_feature_unavailable' && (
          <p className="banner">Per-resource access comes with the Business plan.</p>
        )
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
