import { UnrecoverableError } from 'bullmq';
import { artifactStoreFor } from '@linkhub/shared/server/artifacts/config';
import {
  ensureQrArtifact,
  QrArtifactMissingError,
  QrArtifactRefusedError,
} from '@linkhub/shared/server/artifacts/qr-artifacts';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import { AppError } from '@linkhub/shared/errors/app-error';
import type { WorkerDeps } from '../deps';
import type { Processor } from './processor';

/** The artifact store of the worker's config (`ARTIFACT_STORE`: the local folder `ARTIFACT_DIR`, or S3), the one the sync-server reads. */
export function configuredArtifactStore(deps: WorkerDeps): ArtifactStore {
  return artifactStoreFor(deps.config);
}

/** Default printed width when a job names none (the REST render route's default too). */
export const DEFAULT_QR_SIZE_MM = 30;

/**
 * `qr-render`: renders (or reuses) the print file of a QR code's current design revision into the
 * artifact store. A missing code or a design that does not scan fails for good (no retries); store
 * or database trouble is retried by BullMQ.
 */
export function createQrRenderProcessor(
  storeFor: (deps: WorkerDeps) => ArtifactStore = configuredArtifactStore,
): Processor<'qr-render'> {
  return async (data, _job, deps) => {
    const store = storeFor(deps);
    if (data.dpi !== undefined && data.dpi !== 300 && data.dpi !== 600) {
      throw new UnrecoverableError(`qr-render: dpi must be 300 or 600, got ${data.dpi}`);
    }
    try {
      const artifact = await ensureQrArtifact(
        { pool: deps.pool, store, addressOf: deps.addressOf },
        {
          qrCodeId: data.qr_code_id,
          format: data.format,
          sizeMm: data.size_mm ?? DEFAULT_QR_SIZE_MM,
          ...(data.dpi === undefined ? {} : { dpi: data.dpi }),
        },
      );
      deps.logger.info(
        {
          qr_code_id: artifact.qrCodeId,
          format: artifact.format,
          design_revision: artifact.designRevision,
          reused: artifact.reused,
        },
        'qr artifact ready',
      );
      return {
        artifact_id: artifact.artifactId,
        storage_key: artifact.storageKey,
        design_revision: artifact.designRevision,
        byte_size: artifact.byteSize,
        reused: artifact.reused,
      };
    } catch (error) {
      // Missing, unscannable, or over the PNG pixel budget: the same job can never succeed.
      if (
        error instanceof QrArtifactMissingError ||
        error instanceof QrArtifactRefusedError ||
        error instanceof AppError
      )
        throw new UnrecoverableError(error.message);
      throw error;
    }
  };
}

export const qrRender = createQrRenderProcessor();
