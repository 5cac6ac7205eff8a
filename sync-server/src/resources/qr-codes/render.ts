import { NotFoundError, SemanticError } from '@linkhub/shared/errors/app-error';
import {
  ensureQrArtifact,
  QrArtifactMissingError,
  QrArtifactRefusedError,
  type QrArtifact,
} from '@linkhub/shared/server/artifacts/qr-artifacts';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import type { QrRenderEngine } from '@linkhub/shared/server/qr/check-and-render';
import type { QrFormat } from '@linkhub/shared/server/qr/render/index';
import type { RenderQrQuery } from '@linkhub/shared/schemas/qr-codes';
import type { AddressOf } from '@linkhub/shared/url/public-address';
import type pg from 'pg';

export type QrFile = {
  readonly body: ReadableStream<Uint8Array> | Uint8Array;
  readonly contentType: string;
  readonly extension: QrFormat;
  readonly byteSize: number;
  readonly sha256: string;
  /** True when the file came out of the artifact store (rendered earlier, by the worker or a previous request). */
  readonly fromStore: boolean;
};

export type QrFileDeps = {
  readonly pool: pg.Pool;
  readonly store: ArtifactStore;
  readonly render: QrRenderEngine;
  readonly addressOf: AddressOf;
};

async function artifactFor(deps: QrFileDeps, qrCodeId: string, query: RenderQrQuery): Promise<QrArtifact> {
  try {
    return await ensureQrArtifact(deps, {
      qrCodeId,
      format: query.format,
      sizeMm: query.size_mm,
      ...(query.dpi === 300 || query.dpi === 600 ? { dpi: query.dpi } : {}),
      ...(query.format === 'pdf' ? { bleedMm: query.bleed_mm } : {}),
    });
  } catch (error) {
    // A design that does not scan (or whose uploaded logo is gone): 422 qr_unscannable with the fixes.
    if (error instanceof QrArtifactRefusedError) throw error.refusal;
    if (error instanceof QrArtifactMissingError) {
      const { rows } = await deps.pool.query('SELECT 1 FROM qr_codes WHERE id = $1 AND deleted_at IS NULL', [
        qrCodeId,
      ]);
      if (rows.length === 0) throw new NotFoundError();
      throw new SemanticError('qr_unscannable', {
        message: 'The stored design of this QR code cannot be read; save a new design.',
        details: [{ field: 'design', issue: 'invalid_stored_design', suggested: null }],
      });
    }
    throw error;
  }
}

/**
 * `GET /v1/qr-codes/{id}/render`: the print file of the code's current design revision, out of the
 * artifact store the worker renders into (docs/product-rules.md#qr-codes). A miss is rendered on demand through the same
 * path as the worker's `qr-render` job (scannability check with the real logo, store, artifact row,
 * superseded revisions removed), so the next request is served from the store. The check and
 * render run in the render pool (`deps.render`), never on the request thread.
 */
export async function qrFileFromStore(
  deps: QrFileDeps,
  qrCodeId: string,
  query: RenderQrQuery,
): Promise<QrFile> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const artifact = await artifactFor(deps, qrCodeId, query);
    const meta = { contentType: artifact.contentType, extension: artifact.format, sha256: artifact.sha256 };
    if (artifact.bytes !== undefined)
      return { ...meta, body: artifact.bytes, byteSize: artifact.bytes.byteLength, fromStore: false };
    const stored = await deps.store.stream(artifact.storageKey);
    // Gone between the lookup and the read (a newer revision's render removed it): look up again.
    if (stored !== null) return { ...meta, body: stored.body, byteSize: stored.byteSize, fromStore: true };
  }
  throw new Error(`QR artifact of ${qrCodeId} vanished twice while being read`);
}
