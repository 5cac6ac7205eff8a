import { sweepOrphanQrFiles } from '@linkhub/shared/artifacts/orphans';
import { configuredArtifactStore } from './qr-render';
import type { Processor } from './index';

/**
 * `artifact-sweep {grace_minutes}`: removes rendered QR files of the configured store that no
 * `qr_render_artifacts` row points at (each render already removes its code's superseded revisions;
 * this catches crashes between storing and recording, and codes deleted with their rows).
 */
export const artifactSweep: Processor<'artifact-sweep'> = async (data, _job, deps) => {
  const result = await sweepOrphanQrFiles({ pool: deps.pool, store: configuredArtifactStore(deps) }, new Date(), data.grace_minutes * 60_000);
  deps.logger.info({ scanned: result.scanned, deleted: result.deleted }, 'artifact sweep done');
  return result;
};
