import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The bridge seam is the only place the PWA checks for the desktop: no file outside
 * pwa/src/platform/ may look at window.linkhub, Electron's user agent or process.versions.electron.
 */
const PWA_SRC = fileURLToPath(new URL('..', import.meta.url));
const PLATFORM = fileURLToPath(new URL('.', import.meta.url));

const FORBIDDEN = [
  {
    what: 'window.linkhub',
    pattern: /\bwindow\s*(\.\s*linkhub\b|\[\s*['"`]linkhub['"`]\s*\])|\bglobalThis\s*\.\s*linkhub\b/,
  },
  {
    what: 'an Electron user-agent sniff',
    pattern: /userAgent[\s\S]{0,80}electron|electron[\s\S]{0,40}userAgent/i,
  },
  {
    what: 'process.versions.electron',
    pattern: /process\s*\.\s*versions\s*(\.\s*electron|\[\s*['"`]electron['"`]\s*\])/,
  },
  { what: 'an import of electron', pattern: /from\s+['"]electron['"]|require\(\s*['"]electron['"]\s*\)/ },
] as const;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(ts|tsx|js|jsx|mjs)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

function findDesktopChecks(file: string, text: string): string[] {
  return FORBIDDEN.filter((f) => f.pattern.test(text)).map((f) => `${file}: ${f.what}`);
}

describe('the platform seam', () => {
  it('is the only place in pwa/src that checks for the desktop', async () => {
    const files = (await sourceFiles(PWA_SRC)).filter((file) => !file.startsWith(PLATFORM));
    const offenders: string[] = [];
    for (const file of files)
      offenders.push(...findDesktopChecks(path.relative(PWA_SRC, file), await readFile(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('recognises each way of checking for the desktop (so the scan above can fail)', () => {
    const samples = [
      'if (window.linkhub) {}',
      "const b = window['linkhub'];",
      'globalThis.linkhub?.saveFile()',
      'navigator.userAgent.includes("Electron")',
      '/electron/i.test(navigator.userAgent)',
      'process.versions.electron',
      "import { ipcRenderer } from 'electron';",
    ];
    for (const sample of samples) expect(findDesktopChecks('x.ts', sample), sample).toHaveLength(1);
    expect(
      findDesktopChecks('x.ts', "import { platform } from '../platform/bridge'; platform().isDesktop"),
    ).toEqual([]);
  });
});
