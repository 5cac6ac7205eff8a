import { useEffect, useState } from 'react';
import { registerSW } from 'virtual:pwa-register';

let update: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();
let waiting = false;

/** Registers the service worker once (workbox-window); a new version waits for the user's say-so. */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || update) return;
  update = registerSW({
    onNeedRefresh() {
      waiting = true;
      for (const l of listeners) l();
    },
  });
}

export function UpdatePrompt() {
  const [show, setShow] = useState(waiting);
  useEffect(() => {
    const l = () => setShow(true);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  if (!show) return null;
  return (
    <div className="banner" role="alert">
      <span>A new version of the editor is ready.</span>
      <button type="button" className="primary" onClick={() => void update?.(true)}>
        Reload to update
      </button>
      <button type="button" onClick={() => setShow(false)}>
        Later
      </button>
    </div>
  );
}
