import { useState, type FormEvent } from 'react';
import { displayEmail } from '@linkhub/shared/url/display-url';
import { api } from '../../api/api';
import { formRefusal } from '../../ui/form-refusal';
import { Field } from '../../ui/field';
import { NO_OUTCOME, OutcomeLine, type Outcome } from '../../ui/outcome';

export const INVITABLE_ROLES = ['admin', 'editor', 'viewer'] as const;
type InvitableRole = (typeof INVITABLE_ROLES)[number];
const SHOWN_FIELDS = ['email', 'role'] as const;

/**
 * Invite someone by address. A refused invitation keeps what was typed and says why beside the
 * field ("already a member", a seat limit above the button); a sent one clears the field.
 */
export function InviteForm({ workspaceId, onInvited }: { workspaceId: string; onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('editor');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(NO_OUTCOME);
  const [busy, setBusy] = useState(false);

  const invite = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const sent = await api<{ email: string }>(`/api/workspaces/${workspaceId}/invitations`, {
        body: { email, role },
      });
      setEmail('');
      setFieldErrors({});
      setOutcome({ failed: false, text: `Invitation sent to ${displayEmail(sent.email)}.` });
      onInvited();
    } catch (err) {
      const refusal = formRefusal(err, SHOWN_FIELDS);
      setFieldErrors(refusal.fields);
      setOutcome({ failed: true, text: refusal.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel toolbar" onSubmit={(e) => void invite(e)} aria-label="Invite a member">
      <Field
        label="Email to invite"
        type="email"
        value={email}
        onChange={setEmail}
        error={fieldErrors.email}
        required
      />
      <div className="field">
        <label htmlFor="inv-role">Role</label>
        <select
          id="inv-role"
          value={role}
          onChange={(e) => setRole(INVITABLE_ROLES.find((r) => r === e.target.value) ?? 'editor')}
        >
          {INVITABLE_ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </div>
      <button type="submit" className="primary" disabled={busy}>
        Send invitation
      </button>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}
