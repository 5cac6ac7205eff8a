import { useEffect } from 'react';
import { platform } from '../platform/bridge';
import { navigate } from '../router/router';

const focus = (selector: string) => document.querySelector<HTMLElement>(selector)?.focus();

/**
 * Menu commands and deep links from the platform (desktop menu: new link, new QR code, find, switch
 * workspace), and the same as keyboard shortcuts everywhere: `/` find, `n` new link (outside inputs).
 */
export function useAppCommands(): void {
  useEffect(() => {
    const stop = platform().onAppEvent((event) => {
      if (event.type === 'navigate') return navigate(event.route);
      if (event.command === 'new-link') navigate('/links/new');
      else if (event.command === 'new-qr') navigate('/qr/new');
      else if (event.command === 'find') {
        navigate('/links');
        window.setTimeout(() => focus('input[type=search]'), 0);
      } else focus('.ws-switch select');
    });
    const onKey = (e: KeyboardEvent) => {
      const target = e.target;
      if (
        target instanceof HTMLElement &&
        (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
      )
        return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === '/') {
        e.preventDefault();
        navigate('/links');
        window.setTimeout(() => focus('input[type=search]'), 0);
      } else if (e.key === 'n') navigate('/links/new');
    };
    window.addEventListener('keydown', onKey);
    return () => {
      stop();
      window.removeEventListener('keydown', onKey);
    };
  }, []);
}
