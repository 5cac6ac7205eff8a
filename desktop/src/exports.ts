import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  OpenDialogOptions,
  OpenDialogReturnValue,
  SaveDialogOptions,
  SaveDialogReturnValue,
} from 'electron';
import type {
  BatchFile,
  BatchProgress,
  SaveBatchResult,
  SaveFileRequest,
  SaveFileResult,
} from '@linkhub/shared/platform/bridge';

/** Electron's `dialog`, as far as exports use it (window-modal save and folder dialogs). */
export type ExportDialog<W> = {
  showSaveDialog(window: W, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
  showOpenDialog(window: W, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
};

export type ExportWindow = { setProgressBar(progress: number): void };

const FILTERS: Record<string, { name: string; extensions: string[] }> = {
  'image/svg+xml': { name: 'SVG image', extensions: ['svg'] },
  'application/pdf': { name: 'PDF document', extensions: ['pdf'] },
  'application/postscript': { name: 'EPS file', extensions: ['eps'] },
  'image/png': { name: 'PNG image', extensions: ['png'] },
  'text/csv': { name: 'CSV file', extensions: ['csv'] },
  'application/zip': { name: 'ZIP archive', extensions: ['zip'] },
};

/** Save one file (a QR print file, a CSV) where the user chooses in the native save dialog. */
export async function saveFileWithDialog<W extends ExportWindow>(
  dialog: ExportDialog<W>,
  window: W,
  request: SaveFileRequest,
  defaultFolder: string,
): Promise<SaveFileResult> {
  const filter = FILTERS[request.mime];
  const choice = await dialog.showSaveDialog(window, {
    title: 'Save file',
    defaultPath: path.join(defaultFolder, request.suggestedName),
    filters: filter === undefined ? [] : [filter, { name: 'All files', extensions: ['*'] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  });
  if (choice.canceled || choice.filePath === undefined || choice.filePath === '') return { saved: false };
  await writeFile(choice.filePath, request.bytes);
  return { saved: true, path: choice.filePath };
}

/**
 * Batch export: the user picks a folder, every file is written into it (never over an existing
 * file: `name (2).pdf`), progress goes to the window and to the taskbar/dock progress bar.
 */
export async function saveBatchToFolder<W extends ExportWindow>(
  dialog: ExportDialog<W>,
  window: W,
  files: readonly BatchFile[],
  onProgress: (progress: BatchProgress) => void,
  defaultFolder: string,
): Promise<SaveBatchResult> {
  const choice = await dialog.showOpenDialog(window, {
    title: `Choose a folder for ${files.length} file${files.length === 1 ? '' : 's'}`,
    defaultPath: defaultFolder,
    properties: ['openDirectory', 'createDirectory'],
  });
  const folder = choice.filePaths[0];
  if (choice.canceled || folder === undefined) return { saved: false, written: 0 };
  await mkdir(folder, { recursive: true });
  let written = 0;
  const taken = new Set<string>();
  try {
    window.setProgressBar(0);
    for (const file of files) {
      const target = await freeName(folder, file.name, taken);
      await writeFile(target, file.bytes, { flag: 'wx' });
      written += 1;
      window.setProgressBar(written / files.length);
      onProgress({ done: written, total: files.length, name: path.basename(target) });
    }
  } finally {
    window.setProgressBar(-1);
  }
  return { saved: true, written, folder };
}

async function freeName(folder: string, name: string, taken: Set<string>): Promise<string> {
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 1; ; n += 1) {
    const candidate = path.join(folder, n === 1 ? name : `${stem} (${n})${ext}`);
    const exists =
      taken.has(candidate) ||
      (await access(candidate).then(
        () => true,
        () => false,
      ));
    if (!exists) {
      taken.add(candidate);
      return candidate;
    }
  }
}
