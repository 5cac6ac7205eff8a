/** The artifact store lives in `@linkhub/shared/artifacts` (one store for worker and sync-server); kept for existing importers. */
export { assertArtifactKey, type ArtifactStore } from '@linkhub/shared/artifacts/store';
