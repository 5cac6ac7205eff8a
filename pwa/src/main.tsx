import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startServiceWorker } from './app/update-prompt';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// After the first screen is up: registering and precaching then does not compete with startup (17.13).
if (document.readyState === 'complete') startServiceWorker();
else window.addEventListener('load', () => startServiceWorker(), { once: true });
