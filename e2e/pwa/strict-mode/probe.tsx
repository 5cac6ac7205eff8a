import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useAliveRef } from '../../../pwa/src/ui/use-alive';

/** A poll of three ticks guarded by useAliveRef, rendered under StrictMode like the dev server does. */
function Poller() {
  const alive = useAliveRef();
  const [ticks, setTicks] = useState(0);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void (async () => {
        for (let i = 1; i <= 3 && alive.current; i += 1) {
          await new Promise((r) => setTimeout(r, 30));
          if (alive.current) setTicks(i);
        }
      })();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [alive]);
  return <p id="ticks">{ticks}</p>;
}

export function mountProbe(): void {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <Poller />
    </StrictMode>,
  );
}
