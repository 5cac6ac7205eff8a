import { useConnectionState } from '../ui/use-connection';
import { usePendingCount } from './use-pending';
import type { Rep } from '../replicache/create-rep';

/** Online / offline / syncing, and how many changes are only on this device. */
export function StatusChip({ rep }: { rep: Rep }) {
  const connection = useConnectionState();
  const pending = usePendingCount(rep);
  const state = connection !== 'online' ? 'offline' : pending !== 0 ? 'syncing' : 'online';
  const label = state === 'offline' ? 'Offline' : state === 'syncing' ? 'Syncing' : 'Online';
  // "All changes saved" only once counted, and only with nothing waiting to go out.
  const unsynced =
    pending === null
      ? 'checking changes'
      : pending === 0
        ? state === 'offline'
          ? 'no unsynced changes'
          : 'all changes saved'
        : `${pending} unsynced change${pending === 1 ? '' : 's'}`;
  return (
    <span
      className={`chip chip-${state}`}
      role="status"
      aria-live="polite"
      data-state={state}
      data-pending={pending ?? ''}
    >
      <span aria-hidden="true" className="dot" />
      {label} · {unsynced}
    </span>
  );
}
