/**
 * The preload script (sandboxed, compiled to CommonJS): exposes the bridge as `window.linkhub` and
 * nothing else. All logic is in bridge-client.ts, tested without Electron.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL, type DesktopBridge } from '@linkhub/shared/platform/bridge';
import { createDesktopBridge } from './bridge-client';

const bridge = createDesktopBridge(ipcRenderer) satisfies DesktopBridge;
contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, bridge);
