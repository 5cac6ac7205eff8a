import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { usePath } from '../router/router';
import { createRep, listenForPokes, type Rep } from '../replicache/create-rep';
import { RepContext } from '../replicache/rep-context';
import { api, ApiError } from '../api/api';
import { rememberUser, signOut, storedUser, toSessionUser, type SessionUser } from '../session/session';
import { QuietLoading } from '../ui/quiet-loading';
import { WorkspaceGate } from './workspace-gate';
import { APP_LINK_PATHS } from '@linkhub/shared/url/app-link-paths';

// Screens a signed-in start never shows load only when needed (less script on startup).
const AuthScreen = lazy(() =>
  import('../features/auth/auth-screen').then((m) => ({ default: m.AuthScreen })),
);
const ResetPassword = lazy(() =>
  import('../features/auth/reset-password').then((m) => ({ default: m.ResetPassword })),
);
const AcceptInvitation = lazy(() =>
  import('../features/members/accept-invitation').then((m) => ({ default: m.AcceptInvitation })),
);

const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<p className="loading">Loading…</p>}>{children}</Suspense>
);

/**
 * The editor's root: with a remembered user it opens their local store at once (no network needed),
 * then checks the session in the background; a 401 while online signs out.
 */
export function App() {
  const [user, setUser] = useState<SessionUser | null>(() => storedUser());
  const [rep, setRep] = useState<Rep | null>(null);

  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    let closed = false;
    let made: Rep | null = null;
    let stopPokes: () => void = () => undefined;
    void createRep(userId).then((r) => {
      if (closed) return void r.close();
      made = r;
      stopPokes = listenForPokes(r);
      startTransition(() => setRep(r));
    });
    void navigator.storage?.persist?.().catch(() => false);
    return () => {
      closed = true;
      stopPokes();
      void made?.close();
      setRep(null);
    };
  }, [userId]);

  // Signed in by cookie only (a magic link, another tab): adopt that session.
  useEffect(() => {
    if (user) return;
    api<{ user: { id: string; email: string; name: string; email_verified: boolean } }>('/api/me').then(
      (me) => {
        const found = toSessionUser(me.user);
        rememberUser(found);
        setUser(found);
      },
      () => undefined,
    );
  }, [user]);

  useEffect(() => {
    if (!user) return;
    api<{ user: { id: string; email: string; name: string; email_verified: boolean } }>('/api/me').then(
      (me) => {
        const fresh = toSessionUser(me.user);
        rememberUser(fresh);
        if (JSON.stringify(fresh) !== JSON.stringify(user)) setUser(fresh);
      },
      (e: unknown) => {
        if (e instanceof ApiError && e.status === 401) void signOut().then(() => setUser(null));
      },
    );
  }, [user]);

  const path = usePath();
  if (path === APP_LINK_PATHS.resetPassword)
    return (
      <Loading>
        <ResetPassword />
      </Loading>
    );
  if (!user)
    return (
      <Loading>
        <AuthScreen onSignedIn={setUser} />
      </Loading>
    );
  if (path === APP_LINK_PATHS.acceptInvitation)
    return (
      <Loading>
        <AcceptInvitation />
      </Loading>
    );
  if (!rep) return <QuietLoading>Opening your workspace…</QuietLoading>;
  return (
    <RepContext.Provider value={rep}>
      <WorkspaceGate rep={rep} user={user} onSignOut={() => void signOut().then(() => setUser(null))} />
    </RepContext.Provider>
  );
}
