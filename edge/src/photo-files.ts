import {
  artifactStoreEnvShape,
  artifactStoreFor,
  requireS3Settings,
  type ArtifactStoreConfig,
} from '@linkhub/shared/server/artifacts/config';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';

/**
 * The edge's one door to the artifact store (D-585): reading uploaded photos' variants for `/_img/…`.
 * It never writes, lists or deletes; the sync-server stores the files.
 */
export type PhotoFiles = Pick<ArtifactStore, 'stream'>;

/** ARTIFACT_STORE and its settings, as the sync-server and worker read them. */
export const photoFilesEnvShape = artifactStoreEnvShape;
export const requirePhotoFilesSettings = requireS3Settings;

export function photoFilesFor(config: ArtifactStoreConfig): PhotoFiles {
  return artifactStoreFor(config);
}

/** A local folder store (tests put variants in with `put`). */
export function localPhotoFiles(dir: string): PhotoFiles & Pick<ArtifactStore, 'put'> {
  return createLocalArtifactStore(dir);
}
