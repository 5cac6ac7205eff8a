/** electron-updater's `autoUpdater`, as far as we use it. */
export type UpdateChecker = {
  checkForUpdatesAndNotify(): Promise<unknown>;
};

export type AutoUpdateDeps = {
  updater: UpdateChecker;
  /** `app.isPackaged`: unpacked development builds have no app-update.yml and never update. */
  isPackaged: boolean;
  /** LINKHUB_AUTO_UPDATE=0 turns updates off (managed machines update through their own channel). */
  env: Record<string, string | undefined>;
  every(run: () => void, ms: number): () => void;
  onError(error: unknown): void;
};

export const UPDATE_INTERVAL_MS = 4 * 60 * 60 * 1000;

/**
 * Check the configured feed (electron-builder.yml `publish`, written into app-update.yml) at start and
 * every four hours; a download is installed on the next quit, with a system notification. Being
 * offline is normal for this app: a failed check is reported to `onError` and never surfaces.
 */
export function startAutoUpdates(deps: AutoUpdateDeps): { enabled: boolean; stop(): void } {
  if (!deps.isPackaged || deps.env.LINKHUB_AUTO_UPDATE === '0')
    return { enabled: false, stop: () => undefined };
  const check = () => {
    deps.updater.checkForUpdatesAndNotify().catch(deps.onError);
  };
  check();
  return { enabled: true, stop: deps.every(check, UPDATE_INTERVAL_MS) };
}
