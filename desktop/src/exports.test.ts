import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchProgress } from '@linkhub/shared/platform/bridge';
import { saveBatchToFolder, saveFileWithDialog } from './exports';
import { fakeDialog, fakeProgressWindow } from './testing/electron-fakes';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'linkhub-exports-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const pdf = new TextEncoder().encode('%PDF-1.7 spring sale');

describe('saving a QR print file', () => {
  it('writes the bytes where the user chose in the save dialog, offering the suggested name', async () => {
    const dialog = fakeDialog<ReturnType<typeof fakeProgressWindow>>();
    const window = fakeProgressWindow();
    const target = path.join(dir, 'chosen.pdf');
    dialog.willSaveTo(target);
    const result = await saveFileWithDialog(
      dialog,
      window,
      { suggestedName: 'spring-sale-qr.pdf', mime: 'application/pdf', bytes: pdf },
      '/home/me/Downloads',
    );
    expect(result).toEqual({ saved: true, path: target });
    expect(await readFile(target)).toEqual(Buffer.from(pdf));
    expect(dialog.calls[0]?.window).toBe(window);
    expect(dialog.calls[0]?.options.defaultPath).toBe(path.join('/home/me/Downloads', 'spring-sale-qr.pdf'));
  });

  it('writes nothing when the user cancels', async () => {
    const dialog = fakeDialog<ReturnType<typeof fakeProgressWindow>>();
    dialog.willSaveTo(undefined);
    const result = await saveFileWithDialog(
      dialog,
      fakeProgressWindow(),
      { suggestedName: 'a.pdf', mime: 'application/pdf', bytes: pdf },
      dir,
    );
    expect(result).toEqual({ saved: false });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('batch export into a folder', () => {
  it('writes every file, reports progress to the window and the dock, and clears the bar at the end', async () => {
    const dialog = fakeDialog<ReturnType<typeof fakeProgressWindow>>();
    const window = fakeProgressWindow();
    dialog.willPickFolder(dir);
    await writeFile(path.join(dir, 'qr-1.svg'), 'already here');
    const progress: BatchProgress[] = [];
    const files = ['qr-1.svg', 'qr-2.svg', 'qr-1.svg', 'qr-3.svg'].map((name, i) => ({
      name,
      mime: 'image/svg+xml',
      bytes: new TextEncoder().encode(`<svg>${i}</svg>`),
    }));
    const result = await saveBatchToFolder(dialog, window, files, (p) => progress.push(p), '/home/me');
    expect(result).toEqual({ saved: true, written: 4, folder: dir });
    expect((await readdir(dir)).sort()).toEqual([
      'qr-1 (2).svg',
      'qr-1 (3).svg',
      'qr-1.svg',
      'qr-2.svg',
      'qr-3.svg',
    ]);
    expect(await readFile(path.join(dir, 'qr-1.svg'), 'utf8')).toBe('already here');
    expect(await readFile(path.join(dir, 'qr-1 (3).svg'), 'utf8')).toBe('<svg>2</svg>');
    expect(progress.map((p) => `${p.done}/${p.total}`)).toEqual(['1/4', '2/4', '3/4', '4/4']);
    expect(window.progress).toEqual([0, 0.25, 0.5, 0.75, 1, -1]);
  });

  it('writes nothing when no folder is chosen', async () => {
    const dialog = fakeDialog<ReturnType<typeof fakeProgressWindow>>();
    dialog.willPickFolder(undefined);
    const window = fakeProgressWindow();
    const result = await saveBatchToFolder(
      dialog,
      window,
      [{ name: 'a.png', mime: 'image/png', bytes: pdf }],
      () => undefined,
      dir,
    );
    expect(result).toEqual({ saved: false, written: 0 });
    expect(window.progress).toEqual([]);
  });
});
