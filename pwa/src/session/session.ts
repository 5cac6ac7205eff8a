import { platform } from '../platform/bridge';
import { api } from '../api/api';

/** Who is signed in on this device: kept in localStorage so a cold start with no network opens the editor. */
export type SessionUser = { id: string; email: string; name: string; email_verified: boolean };

const USER_KEY = 'linkhub.user';
const WORKSPACE_KEY = 'linkhub.workspace';

export function storedUser(): SessionUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<SessionUser>;
    return typeof v.id === 'string' && typeof v.email === 'string'
      ? { id: v.id, email: v.email, name: v.name ?? '', email_verified: v.email_verified ?? false }
      : null;
  } catch {
    return null;
  }
}

type ApiUser = {
  id: string;
  email: string;
  name: string;
  email_verified_at?: string | null;
  email_verified?: boolean;
};

export function toSessionUser(user: ApiUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    email_verified: user.email_verified ?? Boolean(user.email_verified_at),
  };
}

export async function rememberSignIn(token: string, user: ApiUser): Promise<SessionUser> {
  await platform().secureToken.set(token);
  const session = toSessionUser(user);
  localStorage.setItem(USER_KEY, JSON.stringify(session));
  return session;
}

export function rememberUser(user: SessionUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export async function signOut(): Promise<void> {
  await api('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
  await platform().secureToken.clear();
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(WORKSPACE_KEY);
  // Loaded here rather than at startup: the pages screen's chunk (and its schemas) stays out of the entry.
  const { versionMemory } = await import('../features/pages/versions-api');
  versionMemory.forget();
}

export const storedWorkspace = (): string | null => localStorage.getItem(WORKSPACE_KEY);
export const rememberWorkspace = (id: string): void => localStorage.setItem(WORKSPACE_KEY, id);
