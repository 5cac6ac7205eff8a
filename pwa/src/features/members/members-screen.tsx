import { useState } from 'react';
import { displayEmail } from '@linkhub/shared/url/display-url';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { useWorkspace } from '../../workspace/workspace-context';
import { listMembers } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { useApi } from '../../ui/use-api';
import { NO_OUTCOME, OutcomeLine, type Outcome } from '../../ui/outcome';
import { MemberAccess } from './member-access';
import { TransferOwnership } from './transfer-ownership';
import { INVITABLE_ROLES, InviteForm } from './invite-form';
import { fullSeatsSentence, type Invitation } from './seats';

/** Who is in the workspace (from the local store); invitations, roles, per-resource access and ownership (server routes). */
export default function MembersScreen(_props: { rest: string[] }) {
  const { workspace, user, can } = useWorkspace();
  const ws = workspace.id;
  const members = useSubscribe((tx) => listMembers(tx, ws), [], [ws]);
  const manage = can('member.invite');
  const invitations = useApi<Invitation[]>(manage ? `/api/workspaces/${ws}/invitations` : null);
  const [outcome, setOutcome] = useState<Outcome>(NO_OUTCOME);
  const [open, setOpen] = useState<string | null>(null);
  const said = (text: string) => setOutcome({ failed: false, text });
  // Every seat taken (members and pending invitations, as the server counts): the form could only be refused.
  const seatsFull = fullSeatsSentence(workspace.plan, members.length, invitations.data);
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setOutcome({ failed: false, text: done });
      invitations.reload();
    } catch (e) {
      setOutcome({ failed: true, text: errorText(e) });
    }
  };
  return (
    <>
      <OutcomeLine outcome={outcome} />
      <ul className="list">
        {members.map((m) => (
          <li key={m.id}>
            <span>
              <strong>{m.name || displayEmail(m.email)}</strong>{' '}
              <span className="muted">{displayEmail(m.email)}</span>
            </span>
            {can('member.change_role') && m.role !== 'owner' && m.user_id !== user.id ? (
              <label>
                <span className="sr-only">Role of {m.email}</span>
                <select
                  value={m.role}
                  onChange={(e) =>
                    void run(
                      () =>
                        api(`/api/workspaces/${ws}/members/${m.id}`, {
                          method: 'PATCH',
                          body: { role: e.target.value },
                        }),
                      `${m.email} is now ${e.target.value}.`,
                    )
                  }
                >
                  {INVITABLE_ROLES.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              </label>
            ) : (
              <span className="badge">{m.role}</span>
            )}
            {m.is_scoped && <span className="badge">limited access</span>}
            {can('grant.list') && m.role !== 'owner' && m.user_id !== user.id && (
              <button
                type="button"
                aria-expanded={open === m.id}
                aria-label={`Access of ${m.email}`}
                onClick={() => setOpen(open === m.id ? null : m.id)}
              >
                Access
              </button>
            )}
            {can('member.remove') && m.role !== 'owner' && m.user_id !== user.id && (
              <button
                type="button"
                className="danger"
                aria-label={`Remove ${m.email}`}
                onClick={() =>
                  void run(
                    () => api(`/api/workspaces/${ws}/members/${m.id}`, { method: 'DELETE' }),
                    `${m.email} was removed.`,
                  )
                }
              >
                Remove
              </button>
            )}
            {open === m.id && <MemberAccess member={m} onChanged={said} />}
          </li>
        ))}
      </ul>
      {can('workspace.transfer_ownership') && <TransferOwnership members={members} onDone={said} />}
      {workspace.role !== 'owner' && can('workspace.leave') && (
        <button
          type="button"
          className="danger"
          onClick={() =>
            void run(
              () => api(`/api/workspaces/${ws}/leave`, { method: 'POST' }),
              `You left ${workspace.name}.`,
            )
          }
        >
          Leave this workspace
        </button>
      )}
      {manage && (
        <>
          {seatsFull === null ? (
            <InviteForm workspaceId={ws} onInvited={invitations.reload} />
          ) : (
            <p className="banner">
              {seatsFull} To invite someone, revoke a pending invitation
              {can('billing.change_plan')
                ? ' or change the plan under Plan.'
                : ', or ask the owner for a larger plan.'}
            </p>
          )}
          <h2>Pending invitations</h2>
          {invitations.error && <p className="error">{invitations.error}</p>}
          {invitations.data?.length === 0 && <p className="muted">No invitations are waiting.</p>}
          <ul className="list">
            {(invitations.data ?? []).map((i) => (
              <li key={i.id}>
                {displayEmail(i.email)} · {i.role} · until {i.expires_at.slice(0, 10)}
                <span className="row">
                  <button
                    type="button"
                    aria-label={`Resend the invitation to ${i.email}`}
                    onClick={() =>
                      void run(
                        () =>
                          api(`/api/workspaces/${ws}/invitations/${i.id}/resend`, {
                            method: 'POST',
                            body: {},
                          }),
                        `Invitation sent again to ${i.email}.`,
                      )
                    }
                  >
                    Resend
                  </button>
                  <button
                    type="button"
                    aria-label={`Revoke the invitation to ${i.email}`}
                    onClick={() =>
                      void run(
                        () => api(`/api/workspaces/${ws}/invitations/${i.id}`, { method: 'DELETE' }),
                        'Invitation revoked.',
                      )
                    }
                  >
                    Revoke
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
