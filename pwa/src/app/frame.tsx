import { displayEmail } from '@linkhub/shared/url/display-url';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { WorkspaceView } from '@linkhub/shared/sync/views';
import type { Rep } from '../replicache/create-rep';
import { LinksScreen } from '../features/links/links-screen';
import { useAppCommands } from './app-commands';
import { NoticesPanel } from './notices-panel';
import { navigate, usePath } from '../router/router';
import { parsePath, SECTIONS, type SectionId } from './sections';
import { StatusChip } from './status-chip';
import { UpdatePrompt } from './update-prompt';
import { VerifyBanner } from './verify-banner';
import { ArrivalNote } from '../features/auth/arrival-note';
import { useWorkspace } from '../workspace/workspace-context';
import { WorkspaceSwitcher } from './workspace-switcher';
import { ConnectionContext, useConnection } from '../ui/use-connection';

type Screen = ComponentType<{ rest: string[] }>;
/** Links is the first screen and ships with the shell; every other screen is its own chunk. */
const SCREENS: Record<SectionId, Screen | LazyExoticComponent<Screen>> = {
  links: LinksScreen,
  qr: lazy(() => import('../features/qr/qr-screen')),
  pages: lazy(() => import('../features/pages/pages-screen')),
  analytics: lazy(() => import('../features/analytics/analytics-screen')),
  domains: lazy(() => import('../features/domains/domains-screen')),
  members: lazy(() => import('../features/members/members-screen')),
  settings: lazy(() => import('../features/settings/settings-screen')),
  billing: lazy(() => import('../features/billing/billing-screen')),
};
/** Only a workspace behind on payment loads the billing banner (it asks the server for the remedy). */
const BillingBanner = lazy(() => import('../features/billing/billing-banner'));

export function Frame({
  rep,
  workspaces,
  onSwitch,
  onSignOut,
}: {
  rep: Rep;
  workspaces: WorkspaceView[];
  onSwitch: (id: string) => void;
  onSignOut: () => void;
}) {
  const { workspace, user } = useWorkspace();
  const path = usePath();
  useAppCommands();
  const { section, rest } = parsePath(path);
  const Screen = SCREENS[section];
  const label = SECTIONS.find((s) => s.id === section)?.label ?? '';
  // On a phone the sections fold behind a menu button (CSS shows the button under 720 px only).
  const [menuOpen, setMenuOpen] = useState(false);
  const connection = useConnection();
  return (
    <ConnectionContext.Provider value={connection}>
      <div className="frame">
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="top">
          <span className="brand">LinkHub</span>
          <button
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls="sections"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <WorkspaceSwitcher workspaces={workspaces} current={workspace.id} onChange={onSwitch} />
          <span className="role" data-role={workspace.role}>
            {workspace.role}
          </span>
          <StatusChip rep={rep} />
          <button type="button" className="link" onClick={onSignOut}>
            Sign out
          </button>
        </header>
        <nav aria-label="Sections" id="sections" className={menuOpen ? 'sections open' : 'sections'}>
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a
                  href={`/${s.id}`}
                  aria-current={s.id === section ? 'page' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    setMenuOpen(false);
                    navigate(`/${s.id}`);
                  }}
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          <UpdatePrompt />
          <ArrivalNote />
          {!user.email_verified && <VerifyBanner email={displayEmail(user.email)} />}
          {(workspace.billing_status === 'past_due' ||
            workspace.billing_status === 'unpaid' ||
            workspace.writes_blocked) && (
            <Suspense fallback={null}>
              <BillingBanner />
            </Suspense>
          )}
          <NoticesPanel />
          <h1 className="screen-title">{label}</h1>
          <Suspense fallback={<p className="loading">Loading…</p>}>
            <Screen rest={rest} />
          </Suspense>
        </main>
      </div>
    </ConnectionContext.Provider>
  );
}
