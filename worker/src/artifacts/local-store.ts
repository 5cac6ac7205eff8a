/** The artifact store lives in `@linkhub/shared/artifacts` (one store for worker and sync-server); kept for existing importers. */
export { createLocalArtifactStore, DEFAULT_ARTIFACT_DIR } from '@linkhub/shared/artifacts/local-store';
