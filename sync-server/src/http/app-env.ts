/** Hono's typed context for the sync-server: per-request variables set by middleware. */
export type AppEnv = {
  Variables: {
    requestId: string;
  };
};
