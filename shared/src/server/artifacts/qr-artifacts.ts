import type { RowOf } from '../db/row';
import type { qrCodes, qrRenderArtifacts } from '../db/schema/qr-codes';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { AppError, SemanticError } from '../../errors/app-error';
import { checkAndRenderQr, type QrRenderEngine } from '../qr/check-and-render';
import { qrDesignSchema } from '../../qr/design';
import { assertWithinPixelBudget, canonicalSizeMm } from '../../qr/pixel-budget';
import type { QrDpi, QrFormat, QrRenderOutput } from '../qr/render/index';
import { qrShortUrl } from '../../qr/short-url';
import { qrCodeText } from '../../qr/payload/encoded-text';
import { isStaticPayload, storedPayload } from '../../qr/payload/schema';
import type { AddressOf } from '../../url/public-address';
import { uploadedLogoFor } from './logo-assets';
import { removeSupersededArtifacts } from './orphans';
import type { ArtifactStore } from './store';

export type QrArtifactRequest = {
  readonly qrCodeId: string;
  readonly format: QrFormat;
  readonly sizeMm: number;
  /** PNG only; default 300. */
  readonly dpi?: QrDpi;
  /** PDF only; default 0. */
  readonly bleedMm?: number;
};

export type QrArtifact = {
  readonly artifactId: string;
  readonly qrCodeId: string;
  readonly workspaceId: string;
  readonly slug: string;
  readonly shortUrl: string;
  /** What the symbol in the file encodes (`qrEncodedText`). */
  readonly encodedText: string;
  readonly title: string | null;
  readonly designRevision: number;
  readonly format: QrFormat;
  readonly storageKey: string;
  readonly contentType: string;
  readonly byteSize: number;
  readonly sha256: string;
  /** True when an artifact of this revision and these options was already in the store. */
  readonly reused: boolean;
  /** The file itself when it was rendered by this call (so the caller need not read it back). */
  readonly bytes?: Uint8Array;
};

/** The QR code does not exist, or its stored design is unreadable: retrying cannot help. */
export class QrArtifactMissingError extends Error {}

/** The stored design does not scan (or its uploaded logo is gone); the artifact row records why. */
export class QrArtifactRefusedError extends Error {
  readonly refusal: AppError;
  constructor(refusal: AppError) {
    super(`${refusal.code}: ${refusal.details.map((d) => `${d.field} ${d.issue}`).join(', ')}`, {
      cause: refusal,
    });
    this.refusal = refusal;
  }
}

type QrRow = RowOf<
  typeof qrCodes,
  'id' | 'workspaceId' | 'slug' | 'title' | 'design' | 'designRevision' | 'payload'
> & {
  hostname: string;
};
type ArtifactRow = RowOf<
  typeof qrRenderArtifacts,
  'id' | 'storageKey' | 'contentType' | 'byteSize' | 'sha256'
>;

export type QrArtifactDeps = {
  readonly pool: pg.Pool;
  readonly store: ArtifactStore;
  /** Where the check and render run; this thread when absent (the worker), a bounded thread pool in sync-server. */
  readonly render?: QrRenderEngine;
  /** How the code's short URL is addressed: the one rule the editor and the API use too. */
  readonly addressOf: AddressOf;
};

function optionsOf(req: QrArtifactRequest, encodedText: string) {
  return {
    // A file is reused only for the same symbol: a different edge address is a different code.
    text: encodedText,
    format: req.format,
    sizeMm: canonicalSizeMm(req.sizeMm),
    dpi: req.format === 'png' ? (req.dpi ?? 300) : null,
    bleedMm: req.format === 'pdf' ? canonicalSizeMm(req.bleedMm ?? 0) : 0,
  };
}

/** A stable digest of the export options: one artifact per (code, design revision, format, options). */
export function optionsHash(req: QrArtifactRequest, encodedText: string): string {
  return createHash('sha256')
    .update(JSON.stringify(optionsOf(req, encodedText)))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The print file of a QR code's current design revision (docs/product-rules.md#qr-codes): reused from the store when
 * this revision was already rendered with the same options, else validated (a design that does not
 * scan is refused and recorded as failed), rendered, stored and recorded. An uploaded logo is
 * loaded from the same store. Files of older revisions of the code are removed (orphans). A PNG
 * over the pixel budget is refused (422 `qr_render_too_large`) before anything is read.
 */
export async function ensureQrArtifact(deps: QrArtifactDeps, req: QrArtifactRequest): Promise<QrArtifact> {
  assertWithinPixelBudget(req.format, req.sizeMm, req.dpi ?? 300);
  const { rows } = await deps.pool.query<QrRow>(
    `SELECT q.id, q.workspace_id, q.slug, q.title, q.design, q.design_revision, d.hostname, q.payload
       FROM qr_codes q JOIN custom_domains d ON d.id = q.domain_id
      WHERE q.id = $1 AND q.deleted_at IS NULL`,
    [req.qrCodeId],
  );
  const qr = rows[0];
  if (qr === undefined) throw new QrArtifactMissingError(`QR code ${req.qrCodeId} not found`);
  const payload = storedPayload(qr.payload);
  const encodedText = qrCodeText(payload, deps.addressOf, qr.hostname, qr.slug);
  const options = optionsOf(req, encodedText);
  const hash = optionsHash(req, encodedText);
  const shortUrl = qrShortUrl(deps.addressOf, qr.hostname, qr.slug);
  const base = {
    qrCodeId: qr.id,
    workspaceId: qr.workspace_id,
    slug: qr.slug,
    shortUrl,
    encodedText,
    title: qr.title,
    designRevision: qr.design_revision,
    format: req.format,
  };

  const existing = await deps.pool.query<ArtifactRow>(
    `SELECT id, storage_key, content_type, byte_size, sha256 FROM qr_render_artifacts
      WHERE qr_code_id = $1 AND design_revision = $2 AND format = $3 AND options_hash = $4 AND status = 'ready'`,
    [qr.id, qr.design_revision, req.format, hash],
  );
  const ready = existing.rows[0];
  if (ready?.storage_key != null && (await deps.store.has(ready.storage_key))) {
    return {
      ...base,
      artifactId: ready.id,
      storageKey: ready.storage_key,
      contentType: ready.content_type ?? '',
      byteSize: ready.byte_size ?? 0,
      sha256: ready.sha256 ?? '',
      reused: true,
    };
  }

  const upsert = async (fields: {
    status: 'ready' | 'failed';
    storageKey: string | null;
    contentType: string | null;
    byteSize: number | null;
    sha256: string | null;
    error: string | null;
  }) => {
    const { rows: saved } = await deps.pool.query<{ id: string }>(
      `INSERT INTO qr_render_artifacts
         (qr_code_id, workspace_id, design_revision, format, size_mm, dpi, bleed_mm, options_hash, status, storage_key, content_type, byte_size, sha256, decode_verified_at, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, CASE WHEN $9 = 'ready' THEN now() END, $14)
       ON CONFLICT (qr_code_id, design_revision, format, options_hash) DO UPDATE SET
         status = EXCLUDED.status, storage_key = EXCLUDED.storage_key, content_type = EXCLUDED.content_type,
         byte_size = EXCLUDED.byte_size, sha256 = EXCLUDED.sha256, decode_verified_at = EXCLUDED.decode_verified_at, error = EXCLUDED.error
       RETURNING id`,
      [
        qr.id,
        qr.workspace_id,
        qr.design_revision,
        req.format,
        options.sizeMm,
        options.dpi,
        options.bleedMm,
        hash,
        fields.status,
        fields.storageKey,
        fields.contentType,
        fields.byteSize,
        fields.sha256,
        fields.error,
      ],
    );
    return saved[0]?.id ?? '';
  };

  const parsed = qrDesignSchema.safeParse(qr.design);
  if (!parsed.success) {
    await upsert({
      status: 'failed',
      storageKey: null,
      contentType: null,
      byteSize: null,
      sha256: null,
      error: 'stored design is invalid',
    });
    throw new QrArtifactMissingError(`QR code ${qr.id} has an invalid stored design`);
  }
  const design = parsed.data;
  let out: QrRenderOutput;
  try {
    const logoImage = await uploadedLogoFor(deps.pool, deps.store, qr.workspace_id, design);
    const result = await (deps.render ?? checkAndRenderQr)({
      format: req.format,
      input: {
        url: isStaticPayload(payload) ? encodedText : shortUrl,
        design,
        sizeMm: options.sizeMm,
        ...(options.dpi === 300 || options.dpi === 600 ? { dpi: options.dpi } : {}),
        bleedMm: options.bleedMm,
        ...(logoImage === undefined ? {} : { logoImage }),
      },
    });
    if (result.kind === 'refused') throw new SemanticError('qr_unscannable', { details: result.problems });
    out = result.output;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'qr_unscannable') throw error;
    await upsert({
      status: 'failed',
      storageKey: null,
      contentType: null,
      byteSize: null,
      sha256: null,
      error: JSON.stringify({ code: error.code, details: error.details }),
    });
    throw new QrArtifactRefusedError(error);
  }
  const sha256 = createHash('sha256').update(out.bytes).digest('hex');
  const storageKey = `qr/${qr.workspace_id}/${qr.id}/r${qr.design_revision}-${hash}.${out.extension}`;
  await deps.store.put(storageKey, out.bytes, out.mime);
  const artifactId = await upsert({
    status: 'ready',
    storageKey,
    contentType: out.mime,
    byteSize: out.bytes.byteLength,
    sha256,
    error: null,
  });
  await removeSupersededArtifacts(deps, qr.id, qr.design_revision);
  return {
    ...base,
    artifactId,
    storageKey,
    contentType: out.mime,
    byteSize: out.bytes.byteLength,
    sha256,
    reused: false,
    bytes: out.bytes,
  };
}
