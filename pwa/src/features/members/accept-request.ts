import { api, ApiError } from '../../api/api';

export type Joined = { workspace_id: string; workspace_name: string; role: string };

/**
 * One request per invitation token for the life of the page. The accept screen's effect runs twice
 * under StrictMode (the dev server); a second POST with the now-used token answers 404 and the
 * screen said the join failed though it had worked.
 */
const requests = new Map<string, Promise<Joined | 'already_member'>>();

export function acceptInvitationOnce(token: string): Promise<Joined | 'already_member'> {
  const known = requests.get(token);
  if (known) return known;
  const request = api<Joined>('/api/invitations/accept', { body: { token } }).catch((e: unknown) => {
    // Already in the workspace (the join went through earlier, another tab): that is the wanted end state.
    if (e instanceof ApiError && e.code === 'already_member') return 'already_member' as const;
    requests.delete(token);
    throw e;
  });
  requests.set(token, request);
  return request;
}
