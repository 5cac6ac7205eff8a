/** IPC channel names between the preload bridge and the main process: one per bridge method. */
export const IPC_CHANNELS = {
  saveFile: 'linkhub:save-file',
  saveBatch: 'linkhub:save-batch',
  tokenGet: 'linkhub:token-get',
  tokenSet: 'linkhub:token-set',
  tokenClear: 'linkhub:token-clear',
  appVersion: 'linkhub:app-version',
  openExternal: 'linkhub:open-external',
  notify: 'linkhub:notify',
  setUnsyncedCount: 'linkhub:set-unsynced-count',
  openWorkspace: 'linkhub:open-workspace',
} as const;

/** Main → renderer messages (webContents.send). */
export const IPC_EVENTS = {
  appEvent: 'linkhub:app-event',
  batchProgress: 'linkhub:batch-progress',
} as const;

export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];
