import { isSafeFileName, isValidUnsyncedCount, isWorkspaceId } from '@linkhub/shared/platform/bridge';
import { z } from 'zod';

/**
 * Everything the renderer sends over IPC is untrusted input: these schemas are the only way an
 * argument reaches a handler. The rules come from the shared bridge contract, so the web build
 * refuses the same inputs.
 */
const MAX_FILE_BYTES = 256 * 1024 * 1024;
const MAX_BATCH_FILES = 5_000;

const fileName = z.string().refine(isSafeFileName, 'must be a plain file name');
const mime = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a MIME type');
const bytes = z.instanceof(Uint8Array).refine((b) => b.byteLength <= MAX_FILE_BYTES, 'file too large');

export const saveFileArgs = z.object({ suggestedName: fileName, mime, bytes });
export const batchFileArgs = z.object({ name: fileName, mime, bytes });
export const saveBatchArgs = z.object({
  jobId: z.string().min(1).max(100),
  files: z.array(batchFileArgs).min(1).max(MAX_BATCH_FILES),
});
export const tokenArgs = z.string().min(1).max(8_192);
export const urlArgs = z.string().max(8_192);
export const notifyArgs = z.object({ title: z.string().min(1).max(200), body: z.string().max(2_000) });
export const unsyncedCountArgs = z.number().refine(isValidUnsyncedCount, 'must be a whole number ≥ 0');
export const workspaceIdArgs = z.string().refine(isWorkspaceId, 'must be a workspace id');

export type SaveBatchArgs = z.infer<typeof saveBatchArgs>;
