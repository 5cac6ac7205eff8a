import { NotFoundError, SemanticError, ValidationError } from '@linkhub/shared/errors/app-error';
import { uploadedLogoFor } from '@linkhub/shared/server/artifacts/logo-assets';
import { qrDesignSchema } from '@linkhub/shared/qr/design';
import type { PrintSheetCode, PrintSheetJob } from '@linkhub/shared/server/qr/print-sheet/pdf';
import { qrShortUrl } from '@linkhub/shared/qr/short-url';
import type { QrPrintSheetInput } from '@linkhub/shared/schemas/qr-print-sheets';
import type { AppDeps } from '../../http/app-deps';
import { authorizeRead, type V1Caller } from '../../http/caller';
import { findQrCodes } from './queries';

export type PrintSheetFile = {
  readonly bytes: Uint8Array;
  readonly pages: number;
  readonly codeSizeMm: number;
};

/**
 * `POST /v1/qr-codes/print-sheet`: the chosen codes, in the order given, on one PDF (D-576).
 * Each code is read as its single export reads it (current design, uploaded logo from the store,
 * the address rule of D-477) and held to the rule checks at the sheet's printed size; the sheet is
 * drawn in the render pool like every print file (D-156, D-480). A code the caller may not see is
 * the same 404 as a missing one.
 */
export async function qrPrintSheet(
  deps: AppDeps,
  caller: V1Caller,
  input: QrPrintSheetInput,
): Promise<PrintSheetFile> {
  // Which codes the caller sees, as the list does (a scoped member: granted codes only); rendering has the same matrix row.
  const scope = await authorizeRead(deps, caller, 'qr_code.list', 'qr_code');
  const ids = input.qr_code_ids.map((id) => id.toLowerCase());
  const found = new Map((await findQrCodes(deps.pool, caller.workspaceId, ids)).map((r) => [r.id, r]));
  const granted = scope.grantedIds === null ? null : new Set(scope.grantedIds);
  const codes: PrintSheetCode[] = [];
  for (const [i, id] of ids.entries()) {
    const row = found.get(id);
    if (row === undefined || (granted !== null && !granted.has(id)))
      throw new NotFoundError({ details: [{ field: `qr_code_ids.${i}`, issue: 'not_found' }] });
    const design = qrDesignSchema.safeParse(row.design ?? {});
    if (!design.success)
      throw new SemanticError('qr_unscannable', {
        message: 'The stored design of a QR code cannot be read; save a new design.',
        details: [{ field: `qr_code_ids.${i}`, issue: 'invalid_stored_design', suggested: null }],
      });
    const logoImage = await uploadedLogoFor(deps.pool, deps.artifacts, caller.workspaceId, design.data);
    codes.push({
      url: qrShortUrl(deps.addressOf, row.hostname, row.slug),
      design: design.data,
      ...(logoImage === undefined ? {} : { logoImage }),
      caption: input.caption === 'none' ? '' : (row.title ?? row.slug),
    });
  }
  const job: PrintSheetJob = { paper: input.paper, grid: input.layout, codes };
  const sheet = await deps.renderPool.renderSheet(job);
  if (sheet.kind === 'too_dense')
    throw new ValidationError(
      [{ field: 'layout', issue: 'code_too_small', minimum: sheet.minSizeMm, actual: sheet.codeSizeMm }],
      {
        message: `This layout leaves ${sheet.codeSizeMm} mm a code; a printable code needs ${sheet.minSizeMm} mm.`,
      },
    );
  if (sheet.kind === 'refused')
    throw new SemanticError('qr_unscannable', {
      message: `At ${sheet.codeSizeMm} mm some codes would not scan reliably: choose fewer codes a page, or fix their designs.`,
      details: sheet.problems.map(({ index, problem }) => ({ ...problem, field: `qr_code_ids.${index}` })),
    });
  return { bytes: sheet.bytes, pages: sheet.pages, codeSizeMm: sheet.codeSizeMm };
}
