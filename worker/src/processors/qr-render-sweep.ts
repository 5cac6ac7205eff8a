import {
  expireExports,
  sweepOrphanExportFiles,
  sweepOrphanQrFiles,
} from '@linkhub/shared/server/artifacts/orphans';
import { configuredArtifactStore } from './qr-render';
import type { Processor } from './processor';

/**
 * `artifact-sweep {grace_minutes}`: removes rendered QR files of the configured store that no
 * `qr_render_artifacts` row points at (each render already removes its code's superseded revisions;
 * this catches crashes between storing and recording, and codes deleted with their rows); expires
 * exports past their download link and removes export files no live export points at.
 */
export const artifactSweep: Processor<'artifact-sweep'> = async (data, _job, deps) => {
  const sweepDeps = { pool: deps.pool, store: configuredArtifactStore(deps) };
  const now = new Date();
  const graceMs = data.grace_minutes * 60_000;
  const qr = await sweepOrphanQrFiles(sweepDeps, now, graceMs);
  const expired = await expireExports(sweepDeps, now);
  const exports = await sweepOrphanExportFiles(sweepDeps, now, graceMs);
  deps.logger.info(
    { scanned: qr.scanned + exports.scanned, deleted: qr.deleted + exports.deleted, expired },
    'artifact sweep done',
  );
  return { scanned: qr.scanned + exports.scanned, deleted: qr.deleted + exports.deleted, expired };
};
